/** The admin's GoHighLevel and Zapier calls (src/shared/route.ts). */
export const ghlApi = {
  /**
   * `{success, configured, message, error}`.
   * @caller integrations
   */
  testConnection: 'GET /api/ghl/test-connection',
  /**
   * The newest contacts (`?limit=50`) `{success, contacts, message}`.
   * @caller integrations
   */
  contacts: 'GET /api/ghl/contacts',
  /**
   * One contact by email `{success, contact}`.
   * @caller integrations
   */
  contact: 'GET /api/ghl/contact/:email',
} as const;

export const zapierApi = {
  /**
   * The webhook: status.
   * @caller integrations
   */
  status: 'GET /api/zapier/status',
  /**
   * The signing secret.
   * @caller integrations
   */
  secret: 'GET /api/zapier/secret',
  /**
   * The webhook: set (and re-enable) `{url}`.
   * @caller integrations
   */
  setWebhookUrl: 'POST /api/zapier/webhook-url',
  /**
   * The webhook: send a test event.
   * @caller integrations
   */
  sendTest: 'POST /api/zapier/test',
  /**
   * A new signing secret (the old one signs too for 24 hours).
   * @caller integrations
   */
  rotateSecret: 'POST /api/zapier/rotate-secret',
  /**
   * The delivery log.
   * @caller integrations
   */
  deliveries: 'GET /api/zapier/deliveries',
  /**
   * Resend one failed delivery.
   * @caller integrations
   */
  resend: 'POST /api/zapier/deliveries/:id/resend',
  /**
   * Resend all failed deliveries.
   * @caller integrations
   */
  resendFailed: 'POST /api/zapier/deliveries/resend-failed',
} as const;
