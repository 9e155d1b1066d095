/** The office's members (src/shared/route.ts). */
export const adminMembersApi = {
  /**
   * Members by tier and status.
   * @caller admin
   */
  list: 'GET /api/admin/members',
  /**
   * Members by tier and status: CSV export.
   * @caller admin
   */
  csv: 'GET /api/admin/members.csv',
} as const;
