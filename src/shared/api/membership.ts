/** The membership form (src/shared/route.ts). */
export const membershipApi = {
  /**
   * The membership form: stores an application, mails both; answers the tier's signed checkout →
   * `checkout`.
   * @caller public
   */
  apply: 'POST /api/membership-applications',
} as const;
