/** The contact form (src/shared/route.ts). */
export const contactApi = {
  /**
   * `{name, email, message}`: stores it, notifies the office, acknowledges the sender (none of
   * their text).
   * @caller public
   */
  send: 'POST /api/contact',
} as const;
