/** The office's inbox: messages, applications, subscribers (src/shared/route.ts). */
export const adminInboxApi = {
  /**
   * Contact messages: list by status.
   * @caller admin
   */
  contactMessages: 'GET /api/admin/contact-messages',
  /**
   * A contact message: mark read or archived.
   * @caller admin
   */
  updateContactMessage: 'PATCH /api/admin/contact-messages/:id',
  /**
   * Applications: list by status.
   * @caller admin
   */
  applications: 'GET /api/admin/membership-applications',
  /**
   * An application: change status, notes.
   * @caller admin
   */
  updateApplication: 'PATCH /api/admin/membership-applications/:id',
  /**
   * Subscribers by status.
   * @caller admin
   */
  subscribers: 'GET /api/admin/newsletter-subscribers',
  /**
   * Subscribers by status, CSV export.
   * @caller admin
   */
  subscribersCsv: 'GET /api/admin/newsletter-subscribers.csv',
} as const;
