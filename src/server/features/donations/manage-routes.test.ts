import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stripeSubscriptions } from '~/db/schema';
import { buildTestApp } from '~tests/helpers/app';
import {
  deliverEvent,
  drainOutbox,
  setUpStripeTestApp,
  type StripeTestApp,
} from '~tests/helpers/stripe';
import { MANAGE_GIFT_PURPOSE } from '~/server/services/receipts/manage-link';
import { portalUnreachableMessage } from './open-portal-session';

/** A dedication given without the Hebrew name the Rabbi reads. */
const noHebrew = { hebrewName: null, relation: null, motherHebrewName: null };

const t = setUpStripeTestApp();

const dayMs = 24 * 60 * 60 * 1000;
const invalid = { code: 'bad_request', message: 'This link is not valid.' };
const expired = {
  code: 'link_expired',
  message: 'This link has expired. Each receipt carries a new one, or contact us.',
};
const unknown = { code: 'not_found', message: 'We could not find this monthly gift.' };
const portalPath = '/v1/billing_portal/sessions';

async function deliverOk(event: Parameters<typeof deliverEvent>[1]) {
  const res = await deliverEvent(t.app, event);
  expect(res.statusCode, res.body).toBe(200);
}

/** The token of the manage link in a mail's text part. */
function manageTokenIn(text: string) {
  const match = text.match(/^https:\/\/tziyun\.test\/donate\/manage\?token=(\S+)$/m);
  expect(match, text).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

/** A monthly gift whose first charge went through, and the receipt the donor got. */
async function paidMonthlyGift(email: string, extra: Record<string, unknown> = {}) {
  const { pi, subscriptionId, invoiceId } = await t.startMonthly({ amount: 36, email, ...extra });
  await t.payFirstInvoice({ pi, invoiceId });
  await drainOutbox(t.app);
  const receipt = t.app.sentMail.findLast((m) => m.to === email)!;
  return { subscriptionId, receipt, token: manageTokenIn(receipt.text) };
}

function getGift(token: string, app: StripeTestApp = t.app) {
  return app.inject({
    method: 'GET',
    url: `/api/stripe/manage?token=${encodeURIComponent(token)}`,
  });
}

function openPortal(
  payload: unknown,
  { app = t.app, contentType }: { app?: StripeTestApp; contentType?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/stripe/portal-session',
    payload: payload as object,
    ...(contentType ? { headers: { 'content-type': contentType } } : {}),
  });
}

const inDays = (days: number) => new Date(t.app.clock().getTime() + days * dayMs);

describe('manage links in mails', () => {
  it('puts a link signed for the subscription, good for 60 days, in every monthly receipt', async () => {
    const queuedAt = t.app.clock();
    const { subscriptionId, receipt, token } = await paidMonthlyGift('manage1@example.org');
    const check = t.app.linkSigner.verify(MANAGE_GIFT_PURPOSE, token, t.app.clock());
    expect(check).toMatchObject({ ok: true, subject: subscriptionId });
    const expiresAt = check.ok ? check.expiresAt.getTime() : 0;
    expect(expiresAt).toBeGreaterThan(queuedAt.getTime() + 60 * dayMs - 2000);
    expect(expiresAt).toBeLessThanOrEqual(t.app.clock().getTime() + 60 * dayMs);
    expect(receipt.text).toContain('Manage your monthly gift (change card or cancel):');
    expect(receipt.html).toContain(
      `href="https://tziyun.test/donate/manage?token=${encodeURIComponent(token)}"`,
    );

    // A renewal's receipt carries a fresh link to the same gift.
    const renewal = t.standIn.renew(subscriptionId);
    t.standIn.pay(t.standIn.intentOfInvoice(renewal.id).id);
    t.app.advanceClock(30 * dayMs);
    try {
      await deliverOk(t.standIn.event('invoice.paid', t.standIn.invoice(renewal.id)));
      await drainOutbox(t.app);
      const second = t.app.sentMail.filter((m) => m.to === 'manage1@example.org');
      expect(second).toHaveLength(2);
      const renewed = t.app.linkSigner.verify(
        MANAGE_GIFT_PURPOSE,
        manageTokenIn(second[1]!.text),
        t.app.clock(),
      );
      expect(renewed).toMatchObject({ ok: true, subject: subscriptionId });
      // Signed when the renewal's receipt was queued, 30 days later: it runs 30 days longer.
      expect(renewed.ok && renewed.expiresAt.getTime()).toBeGreaterThan(expiresAt + 29 * dayMs);
    } finally {
      t.app.advanceClock(-30 * dayMs);
    }
  });

  it('also when the first charge is recorded by record-donation', async () => {
    const { pi, subscriptionId } = await t.startMonthly({ amount: 18 });
    t.standIn.pay(pi.id);
    const res = await t.recordDonation({
      stripePaymentId: pi.id,
      name: 'Rina',
      email: 'manage2@example.org',
    });
    expect(res.statusCode).toBe(200);
    await drainOutbox(t.app);
    const receipt = t.app.sentMail.find((m) => m.to === 'manage2@example.org')!;
    const check = t.app.linkSigner.verify(
      MANAGE_GIFT_PURPOSE,
      manageTokenIn(receipt.text),
      t.app.clock(),
    );
    expect(check).toMatchObject({ ok: true, subject: subscriptionId });
  });

  it('leaves it out of one-time receipts', async () => {
    const pi = await t.startCheckout({ amount: 36, email: 'once@example.org' });
    await deliverOk(t.standIn.event('payment_intent.succeeded', t.standIn.pay(pi.id)));
    await drainOutbox(t.app);
    const receipt = t.app.sentMail.find((m) => m.to === 'once@example.org')!;
    expect(receipt.text).not.toContain('/donate/manage');
    expect(receipt.text).not.toContain('Manage your monthly gift');
  });

  it('gives a failed renewal’s donor the invoice’s pay link and the manage link', async () => {
    const { subscriptionId } = await paidMonthlyGift('manage3@example.org');
    const renewal = t.standIn.renew(subscriptionId);
    t.standIn.decline(t.standIn.intentOfInvoice(renewal.id).id);
    await deliverOk(t.standIn.event('invoice.payment_failed', t.standIn.invoice(renewal.id)));
    await drainOutbox(t.app);
    const notice = t.app.sentMail.find(
      (m) => m.to === 'manage3@example.org' && m.subject.includes('could not be charged'),
    )!;
    expect(notice.text).toContain(`https://invoice.stripe.test/i/${renewal.id}`);
    const check = t.app.linkSigner.verify(
      MANAGE_GIFT_PURPOSE,
      manageTokenIn(notice.text),
      t.app.clock(),
    );
    expect(check).toMatchObject({ ok: true, subject: subscriptionId });
  });
});

describe('GET /api/stripe/manage', () => {
  it('describes the gift from our records, uncached', async () => {
    const { subscriptionId, token } = await paidMonthlyGift('g1@example.org', {
      name: 'Dov Baer',
      dedication: { kind: 'memory', name: 'Our grandmother' },
      coverFee: true,
    });
    await deliverOk(
      t.standIn.event('customer.subscription.updated', t.standIn.subscription(subscriptionId)),
    );
    const res = await getGift(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      gift: {
        amountCents: 3739,
        currency: 'usd',
        donorName: 'Dov Baer',
        status: 'active',
        cancelAtPeriodEnd: false,
        dedication: { kind: 'memory', name: 'Our grandmother', ...noHebrew },
      },
    });
    expect(res.body).not.toContain('cus_');
    expect(res.body).not.toContain('g1@example.org');
  });

  it('shows the status Stripe has now, or the stored one when Stripe cannot be reached', async () => {
    const { subscriptionId, token } = await paidMonthlyGift('g2@example.org');
    // Paid, but customer.subscription.updated has not arrived: the row still says incomplete.
    expect((await getGift(token)).json().gift).toMatchObject({
      status: 'active',
      donorName: null,
      dedication: null,
    });
    // Stripe down (the SDK retries once): the stored state, in which a recorded first payment
    // makes the gift active (as My giving shows it too).
    t.standIn.failNext({ status: 500 }, { status: 500 });
    expect((await getGift(token)).json().gift.status).toBe('active');
    await deliverOk(
      t.standIn.event(
        'customer.subscription.deleted',
        t.standIn.cancelSubscription(subscriptionId),
      ),
    );
    expect((await getGift(token)).json().gift.status).toBe('canceled');
  });

  it('refuses a forged token, or one made for another purpose (400)', async () => {
    const { subscriptionId, token } = await paidMonthlyGift('g3@example.org');
    const [payload, signature] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ p: MANAGE_GIFT_PURPOSE, s: 'sub_other', e: 4_000_000_000 }),
    ).toString('base64url');
    for (const bad of [
      `${forgedPayload}.${signature}`,
      `${payload}.${signature!.slice(0, -2)}xx`,
      `${payload}.${signature}.extra`,
      'not-a-token',
      t.app.linkSigner.sign('cancel-ojc-gift', subscriptionId, inDays(30)),
    ]) {
      const res = await getGift(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toEqual(invalid);
    }
  });

  it('tells an expired link apart (400 link_expired), by the app’s clock', async () => {
    const { token } = await paidMonthlyGift('g4@example.org');
    t.app.advanceClock(59 * dayMs);
    try {
      expect((await getGift(token)).statusCode).toBe(200);
      t.app.advanceClock(1 * dayMs + 60_000);
      const res = await getGift(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expired);
    } finally {
      t.app.advanceClock(-(60 * dayMs + 60_000));
    }
  });

  it('answers 404 for a well-signed link to a subscription it does not know', async () => {
    const token = t.app.linkSigner.sign(MANAGE_GIFT_PURPOSE, 'sub_unknown', inDays(10));
    const res = await getGift(token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual(unknown);
  });

  it('refuses a missing, empty or oversized token with a field message', async () => {
    for (const [url, message] of [
      ['/api/stripe/manage', 'token is required'],
      ['/api/stripe/manage?token=', 'token is required'],
      [`/api/stripe/manage?token=${'a'.repeat(513)}`, 'token must be at most 512 characters'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        fields: { token: message },
      });
    }
  });
});

describe('POST /api/stripe/portal-session', () => {
  it('opens Stripe’s customer portal for the gift’s customer, returning to /donate', async () => {
    const { subscriptionId, token } = await paidMonthlyGift('p1@example.org');
    const res = await openPortal({ token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\/p\/session\/test_bps_/),
    });
    const [row] = await t.app.database.db
      .select()
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.id, subscriptionId));
    const [request] = t.standIn.requestsTo('POST', portalPath).slice(-1);
    expect(request!.params).toEqual({
      customer: row!.customerId,
      return_url: 'https://tziyun.test/donate',
    });
  });

  it('refuses forged, foreign, expired and unknown links without calling Stripe', async () => {
    const { subscriptionId, token } = await paidMonthlyGift('p2@example.org');
    const calls = t.standIn.requestsTo('POST', portalPath).length;
    const [payload] = token.split('.');
    const cases: [string, number, object][] = [
      [`${payload}.AAAA`, 400, invalid],
      [t.app.linkSigner.sign('cancel-ojc-gift', subscriptionId, inDays(30)), 400, invalid],
      [t.app.linkSigner.sign(MANAGE_GIFT_PURPOSE, subscriptionId, inDays(-1)), 400, expired],
      [t.app.linkSigner.sign(MANAGE_GIFT_PURPOSE, 'sub_unknown', inDays(30)), 404, unknown],
    ];
    for (const [bad, status, error] of cases) {
      const res = await openPortal({ token: bad });
      expect(res.statusCode, bad).toBe(status);
      expect(res.json().error).toEqual(error);
    }
    t.app.advanceClock(61 * dayMs);
    try {
      const res = await openPortal({ token });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expired);
    } finally {
      t.app.advanceClock(-61 * dayMs);
    }
    expect(t.standIn.requestsTo('POST', portalPath)).toHaveLength(calls);
  });

  it('answers 502 when Stripe fails or refuses, with a message for the donor', async () => {
    const { token } = await paidMonthlyGift('p3@example.org');
    // The SDK retries a 5xx once: both tries fail.
    t.standIn.failNext({ status: 500 }, { status: 500 });
    let res = await openPortal({ token });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({ code: 'bad_gateway', message: portalUnreachableMessage });
    // What Stripe answers while the customer portal has never been saved in the dashboard.
    t.standIn.failNext({
      status: 400,
      type: 'invalid_request_error',
      message:
        'No configuration provided and your test mode default configuration has not been created.',
    });
    res = await openPortal({ token });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({ code: 'bad_gateway', message: portalUnreachableMessage });
    expect(res.body).not.toContain('configuration');
  });

  it('answers 404 when Stripe no longer knows the customer', async () => {
    const now = t.app.clock();
    await t.app.database.db.insert(stripeSubscriptions).values({
      id: 'sub_customer_gone',
      customerId: 'cus_gone',
      amountCents: 1800,
      status: 'active',
      createdAt: now,
      updatedAt: now,
    });
    const token = t.app.linkSigner.sign(MANAGE_GIFT_PURPOSE, 'sub_customer_gone', inDays(5));
    const res = await openPortal({ token });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual(unknown);
  });

  it('refuses bad input with field messages, and bodies that are not JSON', async () => {
    for (const [payload, message] of [
      [{}, 'token is required'],
      [{ token: '' }, 'token is required'],
      [{ token: 42 }, 'token must be text'],
      [{ token: 'a'.repeat(513) }, 'token must be at most 512 characters'],
    ] as const) {
      const res = await openPortal(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        fields: { token: message },
      });
    }
    for (const [body, contentType, status, code] of [
      ['token=abc', 'text/plain', 415, 'unsupported_media_type'],
      ['{"token":', 'application/json', 400, 'bad_request'],
    ] as const) {
      const res = await openPortal(body, { contentType });
      expect(res.statusCode).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
  });

  it('is rate-limited per IP like the other donation forms (429)', async () => {
    const limited = await buildTestApp({ FORM_RATE_LIMIT: '2' });
    try {
      const send = () => openPortal({ token: 'x' }, { app: limited });
      await send();
      await send();
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().error.code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});

describe('without Stripe settings', () => {
  it('answers 503 to both routes', async () => {
    const bare = await buildTestApp();
    try {
      const token = bare.linkSigner.sign(MANAGE_GIFT_PURPOSE, 'sub_1', inDays(5));
      for (const res of [await getGift(token, bare), await openPortal({ token }, { app: bare })]) {
        expect(res.statusCode).toBe(503);
        expect(res.json().error).toEqual({
          code: 'unavailable',
          message: 'Card payments are not configured on this site.',
        });
      }
    } finally {
      await bare.close();
    }
  });
});
