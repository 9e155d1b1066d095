/** The contact form (src/shared/route.ts). */
export const contactApi = {
  send: 'POST /api/contact',
} as const;
