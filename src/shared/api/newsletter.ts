/** The newsletter's signup and its mailed links (src/shared/route.ts). */
export const newsletterApi = {
  /**
   * `{email}`: stores the address as pending and mails a confirmation link (double opt-in).
   * @caller public
   */
  subscribe: 'POST /api/newsletter',
  /**
   * The link of older mails (`?token=`): confirms nothing, redirects to the
   * `/newsletter/confirm?token=` page.
   * @caller public
   */
  confirmLink: 'GET /api/newsletter/confirm',
  /**
   * The older unsubscribe link (`?token=`): changes nothing, redirects to the
   * `/newsletter/unsubscribe` page.
   * @caller public
   */
  unsubscribeLink: 'GET /api/newsletter/unsubscribe',
  /**
   * Unsubscribes the address of `?token=` (mail clients' one-click, or the
   * `/newsletter/unsubscribe` page's button).
   * @caller public
   */
  unsubscribe: 'POST /api/newsletter/unsubscribe',
} as const;
