/** The newsletter's signup and its mailed links (src/shared/route.ts). */
export const newsletterApi = {
  subscribe: 'POST /api/newsletter',
  /** The link of older mails: leads to the confirmation page's button. */
  confirmLink: 'GET /api/newsletter/confirm',
  /** The List-Unsubscribe address opened in a browser: leads to the unsubscribe page. */
  unsubscribeLink: 'GET /api/newsletter/unsubscribe',
  unsubscribe: 'POST /api/newsletter/unsubscribe',
} as const;
