import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, jobs, processedStripeEvents, stripeSubscriptions } from '~/db/schema';
import {
  buildStripeTestApp,
  deliverEvent,
  drainOutbox,
  testWebhookSecret,
  type StripeTestApp,
} from '../../../../tests/helpers/stripe';
import { startStripeStandIn, type StripeStandIn } from '../../../../tests/helpers/stripe-stand-in';

let standIn: StripeStandIn;
let app: StripeTestApp;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  app = await buildStripeTestApp(standIn);
});
afterAll(async () => {
  await app.close();
  await standIn.close();
});

async function startCheckout(payload: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: '/api/create-payment-intent', payload });
  expect(res.statusCode).toBe(200);
  return standIn.intentOfClientSecret(res.json().clientSecret);
}

async function startMonthly(payload: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: '/api/create-subscription', payload });
  expect(res.statusCode).toBe(200);
  const pi = standIn.intentOfClientSecret(res.json().clientSecret);
  const [row] = await app.database.db
    .select()
    .from(donations)
    .where(eq(donations.stripePaymentIntentId, pi.id));
  return { pi, subscriptionId: row!.stripeSubscriptionId!, invoiceId: row!.stripeInvoiceId! };
}

async function rowOf(paymentIntentId: string) {
  const [row] = await app.database.db
    .select()
    .from(donations)
    .where(eq(donations.stripePaymentIntentId, paymentIntentId));
  return row;
}

async function deliverOk(event: Parameters<typeof deliverEvent>[1]) {
  const res = await deliverEvent(app, event);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ received: true });
}

const mailKeys = async (prefix: string) =>
  (await app.database.db.select({ key: jobs.idempotencyKey }).from(jobs))
    .map((j) => j.key)
    .filter((k) => k.startsWith(prefix));

describe('signature', () => {
  it('refuses a forged, missing or stale signature (400) and applies nothing', async () => {
    const pi = await startCheckout({ amount: 36 });
    const event = standIn.event('payment_intent.succeeded', standIn.pay(pi.id));
    const forged = await deliverEvent(app, event, { secret: 'whsec_someone_else' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toEqual({ code: 'bad_request', message: 'Invalid signature.' });
    const stale = await deliverEvent(app, event, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(stale.statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    // A body altered after it was signed.
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: testWebhookSecret,
    });
    const altered = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: JSON.stringify({ ...event, type: 'charge.refunded' }),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(altered.statusCode).toBe(400);
    expect(await rowOf(pi.id)).toMatchObject({ paymentStatus: 'pending' });
    expect(await app.database.db.$count(processedStripeEvents)).toBe(0);
  });
});

describe('one-time gifts', () => {
  it('records a success once, however often the event is delivered', async () => {
    const pi = await startCheckout({ amount: 100, email: 'd@example.org', name: 'Dina' });
    const event = standIn.event('payment_intent.succeeded', standIn.pay(pi.id));
    await deliverOk(event);
    const row = await rowOf(pi.id);
    expect(row).toMatchObject({ paymentStatus: 'succeeded', amountCents: 10000 });
    expect(row!.donatedAt?.getTime()).toBe(event.created * 1000);
    await deliverOk(event);
    await deliverOk(event);
    expect(await rowOf(pi.id)).toEqual(row);
    const stored = await app.database.db
      .select()
      .from(processedStripeEvents)
      .where(eq(processedStripeEvents.eventId, event.id));
    expect(stored).toHaveLength(1);
    expect(await mailKeys(`mail:donation:${row!.id}`)).toEqual([
      `mail:donation:${row!.id}:receipt`,
    ]);
    await drainOutbox(app);
    expect(app.sentMail.filter((m) => m.to === 'd@example.org')).toHaveLength(1);
  });

  it('keeps a success when its payment_failed arrives late (out of order)', async () => {
    const pi = await startCheckout({ amount: 36 });
    const failed = standIn.event('payment_intent.payment_failed', standIn.decline(pi.id));
    const succeeded = standIn.event('payment_intent.succeeded', standIn.pay(pi.id));
    await deliverOk(succeeded);
    await deliverOk(failed);
    expect(await rowOf(pi.id)).toMatchObject({ paymentStatus: 'succeeded' });
  });

  it('records a decline, then the success of a second card', async () => {
    const pi = await startCheckout({ amount: 36 });
    await deliverOk(standIn.event('payment_intent.payment_failed', standIn.decline(pi.id)));
    expect(await rowOf(pi.id)).toMatchObject({ paymentStatus: 'failed' });
    await deliverOk(standIn.event('payment_intent.succeeded', standIn.pay(pi.id)));
    expect(await rowOf(pi.id)).toMatchObject({ paymentStatus: 'succeeded' });
  });

  it('records a refund, and a success arriving after it leaves it refunded', async () => {
    const pi = await startCheckout({ amount: 250, email: 'r@example.org' });
    const succeeded = standIn.event('payment_intent.succeeded', standIn.pay(pi.id));
    const refunded = standIn.event('charge.refunded', standIn.refund(pi.id));
    await deliverOk(refunded);
    await deliverOk(succeeded);
    const row = await rowOf(pi.id);
    expect(row).toMatchObject({ paymentStatus: 'refunded', refundedCents: 25000 });
    // Never completed in our records: no receipt for money that went back.
    expect(await mailKeys(`mail:donation:${row!.id}`)).toEqual([]);
  });

  it('counts a partial refund without changing the status', async () => {
    const pi = await startCheckout({ amount: 100 });
    await deliverOk(standIn.event('payment_intent.succeeded', standIn.pay(pi.id)));
    await deliverOk(standIn.event('charge.refunded', standIn.refund(pi.id, 2500)));
    expect(await rowOf(pi.id)).toMatchObject({ paymentStatus: 'succeeded', refundedCents: 2500 });
    await deliverOk(standIn.event('charge.refunded', standIn.refund(pi.id)));
    expect(await rowOf(pi.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 10000 });
  });

  it('marks a disputed donation', async () => {
    const pi = await startCheckout({ amount: 36 });
    await deliverOk(standIn.event('payment_intent.succeeded', standIn.pay(pi.id)));
    await deliverOk(standIn.event('charge.dispute.created', standIn.dispute(pi.id)));
    expect(await rowOf(pi.id)).toMatchObject({ paymentStatus: 'disputed' });
  });

  it('answers 200 to event types it does not handle, storing nothing', async () => {
    const before = await app.database.db.$count(processedStripeEvents);
    await deliverOk(standIn.event('customer.created', { id: 'cus_x', object: 'customer' }));
    await deliverOk(
      standIn.event('charge.refunded', {
        ...standIn.refund((await paidIntent()).id),
        payment_intent: 'pi_elsewhere',
      }),
    );
    expect(await app.database.db.$count(processedStripeEvents)).toBe(before + 1);
  });
});

async function paidIntent() {
  const pi = await startCheckout({ amount: 5 });
  standIn.pay(pi.id);
  return pi;
}

describe('monthly gifts', () => {
  it('records the first charge and each renewal as its own donation, with receipts', async () => {
    const { pi, subscriptionId, invoiceId } = await startMonthly({
      amount: 36,
      email: 'm@example.org',
      name: 'Moshe',
      dedication: { kind: 'honor', name: 'My teacher' },
    });
    standIn.pay(pi.id);
    await deliverOk(standIn.event('invoice.paid', standIn.invoice(invoiceId)));
    await deliverOk(standIn.event('payment_intent.succeeded', standIn.paymentIntent(pi.id)));
    await deliverOk(
      standIn.event('customer.subscription.updated', standIn.subscription(subscriptionId)),
    );
    expect(await rowOf(pi.id)).toMatchObject({ paymentStatus: 'succeeded', amountCents: 3600 });

    const renewal = standIn.renew(subscriptionId);
    const renewalPi = standIn.intentOfInvoice(renewal.id);
    standIn.pay(renewalPi.id);
    // The event's invoice has no `payments`: the handler asks Stripe for it.
    await deliverOk(standIn.event('invoice.paid', standIn.invoice(renewal.id)));
    expect(standIn.requestsTo('GET', `/v1/invoices/${renewal.id}`)).toHaveLength(1);

    const rows = await app.database.db
      .select()
      .from(donations)
      .where(eq(donations.stripeSubscriptionId, subscriptionId));
    expect(rows).toHaveLength(2);
    const second = rows.find((r) => r.stripeInvoiceId === renewal.id)!;
    expect(second).toMatchObject({
      donationType: 'subscription',
      paymentStatus: 'succeeded',
      amountCents: 3600,
      stripePaymentIntentId: renewalPi.id,
      email: 'm@example.org',
      donorName: 'Moshe',
      dedicationKind: 'honor',
      dedicationName: 'My teacher',
    });
    const [subscription] = await app.database.db
      .select()
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.id, subscriptionId));
    expect(subscription).toMatchObject({ status: 'active' });

    app.sentMail.length = 0;
    await drainOutbox(app);
    const receipts = app.sentMail.filter((m) => m.to === 'm@example.org');
    expect(receipts).toHaveLength(2);
    expect(receipts[0]!.text).toContain('Monthly donation');

    // A refund of the renewal finds its row by the PaymentIntent.
    await deliverOk(standIn.event('charge.refunded', standIn.refund(renewalPi.id)));
    expect(await rowOf(renewalPi.id)).toMatchObject({ paymentStatus: 'refunded' });
  });

  it('records a failed renewal and emails the donor a way to pay, once per invoice', async () => {
    const { pi, subscriptionId, invoiceId } = await startMonthly({
      amount: 18,
      email: 'f@example.org',
    });
    standIn.pay(pi.id);
    await deliverOk(standIn.event('invoice.paid', standIn.invoice(invoiceId)));
    const renewal = standIn.renew(subscriptionId);
    const renewalPi = standIn.intentOfInvoice(renewal.id);
    standIn.decline(renewalPi.id);
    // Stripe retries the card; each failure is its own event.
    await deliverOk(standIn.event('invoice.payment_failed', standIn.invoice(renewal.id)));
    await deliverOk(standIn.event('invoice.payment_failed', standIn.invoice(renewal.id)));
    await deliverOk(
      standIn.event('customer.subscription.updated', standIn.subscription(subscriptionId)),
    );
    expect(await rowOf(renewalPi.id)).toMatchObject({ paymentStatus: 'failed', amountCents: 1800 });
    expect(await mailKeys(`mail:invoice:${renewal.id}`)).toEqual([
      `mail:invoice:${renewal.id}:payment-failed`,
    ]);
    const [subscription] = await app.database.db
      .select()
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.id, subscriptionId));
    expect(subscription!.status).toBe('past_due');

    app.sentMail.length = 0;
    await drainOutbox(app);
    const notices = app.sentMail.filter((m) => m.subject.includes('could not be charged'));
    expect(notices.map((m) => m.to)).toEqual(['f@example.org']);
    const notice = notices[0]!;
    expect(notice.text).toContain(`https://invoice.stripe.test/i/${renewal.id}`);

    // The donor pays on the hosted page: the same invoice's row is now paid.
    standIn.pay(renewalPi.id);
    await deliverOk(standIn.event('invoice.paid', standIn.invoice(renewal.id)));
    expect(await rowOf(renewalPi.id)).toMatchObject({ paymentStatus: 'succeeded' });
  });

  it('keeps a subscription canceled when an older update arrives after the deletion', async () => {
    const { pi, subscriptionId } = await startMonthly({ amount: 18 });
    standIn.pay(pi.id);
    const t = Math.floor(Date.now() / 1000);
    const active = standIn.event(
      'customer.subscription.updated',
      standIn.subscription(subscriptionId),
      {
        created: t,
      },
    );
    const deleted = standIn.event(
      'customer.subscription.deleted',
      standIn.cancelSubscription(subscriptionId),
      { created: t + 60 },
    );
    await deliverOk(deleted);
    await deliverOk(active);
    const [subscription] = await app.database.db
      .select()
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.id, subscriptionId));
    expect(subscription).toMatchObject({ status: 'canceled' });
    expect(subscription!.canceledAt).toBeInstanceOf(Date);
  });

  it('answers 500 when a handler fails, so Stripe retries; the retry applies it', async () => {
    const { pi, subscriptionId } = await startMonthly({ amount: 36, email: 'retry@example.org' });
    standIn.pay(pi.id);
    const renewal = standIn.renew(subscriptionId);
    standIn.pay(standIn.intentOfInvoice(renewal.id).id);
    const event = standIn.event('invoice.paid', standIn.invoice(renewal.id));
    standIn.failNext({ status: 500 }, { status: 500 });
    const failed = await deliverEvent(app, event);
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error.code).toBe('internal');
    const stored = await app.database.db
      .select()
      .from(processedStripeEvents)
      .where(eq(processedStripeEvents.eventId, event.id));
    expect(stored).toHaveLength(0);
    await deliverOk(event);
    const [row] = await app.database.db
      .select()
      .from(donations)
      .where(eq(donations.stripeInvoiceId, renewal.id));
    expect(row).toMatchObject({ paymentStatus: 'succeeded' });
  });
});
