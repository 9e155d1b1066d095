import { describe, expect, it } from 'vitest';
import { signIn, type AdminSession } from '~tests/helpers/admin';
import { buildTestApp } from '~tests/helpers/app';
import {
  chargeOjcPayment,
  createOjcPayment,
  type OjcTestApp,
  setUpOjcTestApp,
} from '~tests/helpers/ojc';

const ojc = setUpOjcTestApp({}, { admin: {} });

function verify(
  paymentId: string,
  target: OjcTestApp = ojc.app,
  session: AdminSession | null = ojc.admin,
) {
  return target.inject({
    method: 'POST',
    url: `/api/ojc/verify-payment/${encodeURIComponent(paymentId)}`,
    headers: session ? session.headers : {},
  });
}

describe('POST /api/ojc/verify-payment/:paymentId', () => {
  it('answers from the stored record, by payment id or OJC reference', async () => {
    const paymentId = await createOjcPayment(ojc.app, { amount: 50 });
    const charged = await chargeOjcPayment(ojc.app, paymentId);
    expect(charged.statusCode).toBe(200);
    const res = await verify(paymentId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      success: true,
      verification: {
        status: 'succeeded',
        amount: 5000,
        currency: 'usd',
        ojcReference: expect.stringMatching(/^OJC/),
        source: 'stored',
      },
      error: null,
    });
    const byReference = await verify(body.verification.ojcReference);
    expect(byReference.json().verification.status).toBe('succeeded');
  });

  it('shows a pending and a declined payment, and calls OJC for neither', async () => {
    const pending = await createOjcPayment(ojc.app);
    const declined = await createOjcPayment(ojc.app);
    ojc.standIn.answerNext(462);
    await chargeOjcPayment(ojc.app, declined);
    const calls = ojc.standIn.requests.length;
    expect((await verify(pending)).json()).toMatchObject({
      success: true,
      verification: { status: 'pending' },
    });
    expect((await verify(declined)).json().verification.status).toBe('failed');
    expect(ojc.standIn.requests.length).toBe(calls);
  });

  it('says when OJC never answered a charge, for the office to check', async () => {
    const paymentId = await createOjcPayment(ojc.app);
    ojc.standIn.answerNext('drop');
    await chargeOjcPayment(ojc.app, paymentId);
    const body = (await verify(paymentId)).json();
    expect(body.success).toBe(false);
    expect(body.verification.status).toBe('pending');
    expect(body.error).toContain(paymentId);
  });

  it('answers 404 for an unknown payment or reference', async () => {
    expect((await verify(crypto.randomUUID())).statusCode).toBe(404);
    expect((await verify('OJC-no-such-reference')).statusCode).toBe(404);
  });

  it('needs an administrator (401 without a session)', async () => {
    const paymentId = await createOjcPayment(ojc.app);
    const res = await verify(paymentId, ojc.app, null);
    expect(res.statusCode).toBe(401);
  });

  it('answers 503 when OJC is not set up', async () => {
    const bare = await buildTestApp();
    try {
      const session = await signIn(bare);
      const res = await verify(crypto.randomUUID(), bare, session);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toContain('OJC Fund payments are not set up on this site');
      const page = await bare.inject(`/api/ojc/payments/${crypto.randomUUID()}`);
      expect(page.statusCode).toBe(503);
      const charge = await chargeOjcPayment(bare, crypto.randomUUID());
      expect(charge.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
