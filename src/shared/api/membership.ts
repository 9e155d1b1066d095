/** The membership form (src/shared/route.ts). */
export const membershipApi = {
  apply: 'POST /api/membership-applications',
} as const;
