/** The office's members (src/shared/route.ts). */
export const adminMembersApi = {
  list: 'GET /api/admin/members',
  csv: 'GET /api/admin/members.csv',
} as const;
