/** The office's inbox: messages, applications, subscribers (src/shared/route.ts). */
export const adminInboxApi = {
  contactMessages: 'GET /api/admin/contact-messages',
  updateContactMessage: 'PATCH /api/admin/contact-messages/:id',
  applications: 'GET /api/admin/membership-applications',
  updateApplication: 'PATCH /api/admin/membership-applications/:id',
  subscribers: 'GET /api/admin/newsletter-subscribers',
  subscribersCsv: 'GET /api/admin/newsletter-subscribers.csv',
} as const;
