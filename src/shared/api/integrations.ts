/** The admin's GoHighLevel and Zapier calls (src/shared/route.ts). */
export const ghlApi = {
  testConnection: 'GET /api/ghl/test-connection',
  contacts: 'GET /api/ghl/contacts',
  contact: 'GET /api/ghl/contact/:email',
} as const;

export const zapierApi = {
  status: 'GET /api/zapier/status',
  secret: 'GET /api/zapier/secret',
  setWebhookUrl: 'POST /api/zapier/webhook-url',
  sendTest: 'POST /api/zapier/test',
  rotateSecret: 'POST /api/zapier/rotate-secret',
  deliveries: 'GET /api/zapier/deliveries',
  resend: 'POST /api/zapier/deliveries/:id/resend',
  resendFailed: 'POST /api/zapier/deliveries/resend-failed',
} as const;
