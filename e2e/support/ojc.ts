import { expect, type APIRequestContext } from '@playwright/test';

/** A card number the OJC stand-in charges, and an expiry two years ahead (never expired). */
const card = {
  cardNumber: '6900 1234 5678 9012',
  expiry: `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`,
};

/**
 * A gift made and paid by OJC card through the site's API, as a donor's checkout does: `gift` is
 * the body of `POST /api/ojc/create-payment`. Answers the payment's id.
 */
export async function giveByOjcCard(request: APIRequestContext, gift: Record<string, unknown>) {
  const created = await request.post('/api/ojc/create-payment', { data: gift });
  expect(created.status(), await created.text()).toBe(200);
  const { paymentId } = ((await created.json()) as { payment: { paymentId: string } }).payment;
  const charged = await request.post(`/api/ojc/payments/${paymentId}/charge`, { data: card });
  expect(charged.status(), await charged.text()).toBe(200);
  return paymentId;
}
