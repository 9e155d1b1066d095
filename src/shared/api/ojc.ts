/** Gifts by OJC Fund charity card (src/shared/route.ts). */
export const ojcApi = {
  createPayment: 'POST /api/ojc/create-payment',
  payment: 'GET /api/ojc/payments/:paymentId',
  charge: 'POST /api/ojc/payments/:paymentId/charge',
  manage: 'GET /api/ojc/subscriptions/manage',
  cancel: 'POST /api/ojc/subscriptions/cancel',
  verifyPayment: 'POST /api/ojc/verify-payment/:paymentId',
} as const;
