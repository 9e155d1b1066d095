/** Gifts by OJC Fund charity card (src/shared/route.ts). */
export const ojcApi = {
  /**
   * `{amount, donorName, donorEmail, donorPhone, donationType}` → `{success, message, payment}`.
   * @caller public
   */
  createPayment: 'POST /api/ojc/create-payment',
  /**
   * An OJC payment for its payment page.
   * @caller public
   */
  payment: 'GET /api/ojc/payments/:paymentId',
  /**
   * `{cardNumber, expiry}`: charges the charity card through OJC Fund.
   * @caller public
   */
  charge: 'POST /api/ojc/payments/:paymentId/charge',
  /**
   * A monthly OJC gift by its receipt's signed link (`?token=`).
   * @caller public
   */
  manage: 'GET /api/ojc/subscriptions/manage',
  /**
   * `{token}`: stops a monthly OJC gift.
   * @caller public
   */
  cancel: 'POST /api/ojc/subscriptions/cancel',
  /**
   * Re-check a payment with its provider (OJC Fund) and update its status.
   * @caller admin
   */
  verifyPayment: 'POST /api/ojc/verify-payment/:paymentId',
} as const;
