import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { donations, jobs, processedStripeEvents, stripeSubscriptions } from '~/db/schema';
import {
  deliverEvent,
  drainOutbox,
  testWebhookSecret,
  setUpStripeTestApp,
} from '../../../../tests/helpers/stripe';

const t = setUpStripeTestApp();

async function deliverOk(event: Parameters<typeof deliverEvent>[1]) {
  const res = await deliverEvent(t.app, event);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ received: true });
}

const mailKeys = async (prefix: string) =>
  (await t.app.database.db.select({ key: jobs.idempotencyKey }).from(jobs))
    .map((j) => j.key)
    .filter((k) => k.startsWith(prefix));

describe('signature', () => {
  it('refuses a forged, missing or stale signature (400) and applies nothing', async () => {
    const pi = await t.startCheckout({ amount: 36 });
    const event = t.standIn.event('payment_intent.succeeded', t.standIn.pay(pi.id));
    const forged = await deliverEvent(t.app, event, { secret: 'whsec_someone_else' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toEqual({ code: 'bad_request', message: 'Invalid signature.' });
    const stale = await deliverEvent(t.app, event, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(stale.statusCode).toBe(400);
    const unsigned = await t.app.inject({
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
    const altered = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: JSON.stringify({ ...event, type: 'charge.refunded' }),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(altered.statusCode).toBe(400);
    expect(await t.donationOf(pi.id)).toMatchObject({ paymentStatus: 'pending' });
    expect(await t.app.database.db.$count(processedStripeEvents)).toBe(0);
  });
});

describe('one-time gifts', () => {
  it('records a success once, however often the event is delivered', async () => {
    const pi = await t.startCheckout({ amount: 100, email: 'd@example.org', name: 'Dina' });
    const event = t.standIn.event('payment_intent.succeeded', t.standIn.pay(pi.id));
    await deliverOk(event);
    const row = await t.donationOf(pi.id);
    expect(row).toMatchObject({ paymentStatus: 'succeeded', amountCents: 10000 });
    expect(row!.donatedAt?.getTime()).toBe(event.created * 1000);
    await deliverOk(event);
    await deliverOk(event);
    expect(await t.donationOf(pi.id)).toEqual(row);
    const stored = await t.app.database.db
      .select()
      .from(processedStripeEvents)
      .where(eq(processedStripeEvents.eventId, event.id));
    expect(stored).toHaveLength(1);
    expect(await mailKeys(`mail:donation:${row!.id}`)).toEqual([
      `mail:donation:${row!.id}:receipt`,
    ]);
    await drainOutbox(t.app);
    expect(t.app.sentMail.filter((m) => m.to === 'd@example.org')).toHaveLength(1);
  });

  it('keeps a success when its payment_failed arrives late (out of order)', async () => {
    const pi = await t.startCheckout({ amount: 36 });
    const failed = t.standIn.event('payment_intent.payment_failed', t.standIn.decline(pi.id));
    const succeeded = t.standIn.event('payment_intent.succeeded', t.standIn.pay(pi.id));
    await deliverOk(succeeded);
    await deliverOk(failed);
    expect(await t.donationOf(pi.id)).toMatchObject({ paymentStatus: 'succeeded' });
  });

  it('records a decline, then the success of a second card', async () => {
    const pi = await t.startCheckout({ amount: 36 });
    await deliverOk(t.standIn.event('payment_intent.payment_failed', t.standIn.decline(pi.id)));
    expect(await t.donationOf(pi.id)).toMatchObject({ paymentStatus: 'failed' });
    await deliverOk(t.standIn.event('payment_intent.succeeded', t.standIn.pay(pi.id)));
    expect(await t.donationOf(pi.id)).toMatchObject({ paymentStatus: 'succeeded' });
  });

  it('records a refund, and a success arriving after it leaves it refunded', async () => {
    const pi = await t.startCheckout({ amount: 250, email: 'r@example.org' });
    const succeeded = t.standIn.event('payment_intent.succeeded', t.standIn.pay(pi.id));
    const refunded = t.standIn.event('charge.refunded', t.standIn.refund(pi.id));
    await deliverOk(refunded);
    await deliverOk(succeeded);
    const row = await t.donationOf(pi.id);
    expect(row).toMatchObject({ paymentStatus: 'refunded', refundedCents: 25000 });
    // Never completed in our records: no receipt for money that went back.
    expect(await mailKeys(`mail:donation:${row!.id}`)).toEqual([]);
  });

  it('counts a partial refund without changing the status', async () => {
    const pi = await t.startCheckout({ amount: 100 });
    await deliverOk(t.standIn.event('payment_intent.succeeded', t.standIn.pay(pi.id)));
    await deliverOk(t.standIn.event('charge.refunded', t.standIn.refund(pi.id, 2500)));
    expect(await t.donationOf(pi.id)).toMatchObject({
      paymentStatus: 'succeeded',
      refundedCents: 2500,
    });
    await deliverOk(t.standIn.event('charge.refunded', t.standIn.refund(pi.id)));
    expect(await t.donationOf(pi.id)).toMatchObject({
      paymentStatus: 'refunded',
      refundedCents: 10000,
    });
  });

  it('marks a disputed donation', async () => {
    const pi = await t.startCheckout({ amount: 36 });
    await deliverOk(t.standIn.event('payment_intent.succeeded', t.standIn.pay(pi.id)));
    await deliverOk(t.standIn.event('charge.dispute.created', t.standIn.dispute(pi.id)));
    expect(await t.donationOf(pi.id)).toMatchObject({ paymentStatus: 'disputed' });
  });

  it('answers 200 to event types it does not handle, storing nothing', async () => {
    const before = await t.app.database.db.$count(processedStripeEvents);
    await deliverOk(t.standIn.event('customer.created', { id: 'cus_x', object: 'customer' }));
    await deliverOk(
      t.standIn.event('charge.refunded', {
        ...t.standIn.refund((await paidIntent()).id),
        payment_intent: 'pi_elsewhere',
      }),
    );
    expect(await t.app.database.db.$count(processedStripeEvents)).toBe(before + 1);
  });
});

async function paidIntent() {
  const pi = await t.startCheckout({ amount: 5 });
  t.standIn.pay(pi.id);
  return pi;
}

describe('monthly gifts', () => {
  it('records the first charge and each renewal as its own donation, with receipts', async () => {
    const { pi, subscriptionId, invoiceId } = await t.startMonthly({
      amount: 36,
      email: 'm@example.org',
      name: 'Moshe',
      dedication: { kind: 'honor', name: 'My teacher' },
    });
    t.standIn.pay(pi.id);
    await deliverOk(t.standIn.event('invoice.paid', t.standIn.invoice(invoiceId)));
    await deliverOk(t.standIn.event('payment_intent.succeeded', t.standIn.paymentIntent(pi.id)));
    await deliverOk(
      t.standIn.event('customer.subscription.updated', t.standIn.subscription(subscriptionId)),
    );
    expect(await t.donationOf(pi.id)).toMatchObject({
      paymentStatus: 'succeeded',
      amountCents: 3600,
    });

    const renewal = t.standIn.renew(subscriptionId);
    const renewalPi = t.standIn.intentOfInvoice(renewal.id);
    t.standIn.pay(renewalPi.id);
    // The event's invoice has no `payments`: the handler asks Stripe for it.
    await deliverOk(t.standIn.event('invoice.paid', t.standIn.invoice(renewal.id)));
    expect(t.standIn.requestsTo('GET', `/v1/invoices/${renewal.id}`)).toHaveLength(1);

    const rows = await t.app.database.db
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
    const [subscription] = await t.app.database.db
      .select()
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.id, subscriptionId));
    expect(subscription).toMatchObject({ status: 'active' });

    t.app.sentMail.length = 0;
    await drainOutbox(t.app);
    const receipts = t.app.sentMail.filter((m) => m.to === 'm@example.org');
    expect(receipts).toHaveLength(2);
    expect(receipts[0]!.text).toContain('Monthly donation');

    // A refund of the renewal finds its row by the PaymentIntent.
    await deliverOk(t.standIn.event('charge.refunded', t.standIn.refund(renewalPi.id)));
    expect(await t.donationOf(renewalPi.id)).toMatchObject({ paymentStatus: 'refunded' });
  });

  it('records a failed renewal and emails the donor a way to pay, once per invoice', async () => {
    const { pi, subscriptionId, invoiceId } = await t.startMonthly({
      amount: 18,
      email: 'f@example.org',
    });
    t.standIn.pay(pi.id);
    await deliverOk(t.standIn.event('invoice.paid', t.standIn.invoice(invoiceId)));
    const renewal = t.standIn.renew(subscriptionId);
    const renewalPi = t.standIn.intentOfInvoice(renewal.id);
    t.standIn.decline(renewalPi.id);
    // Stripe retries the card; each failure is its own event.
    await deliverOk(t.standIn.event('invoice.payment_failed', t.standIn.invoice(renewal.id)));
    await deliverOk(t.standIn.event('invoice.payment_failed', t.standIn.invoice(renewal.id)));
    await deliverOk(
      t.standIn.event('customer.subscription.updated', t.standIn.subscription(subscriptionId)),
    );
    expect(await t.donationOf(renewalPi.id)).toMatchObject({
      paymentStatus: 'failed',
      amountCents: 1800,
    });
    expect(await mailKeys(`mail:invoice:${renewal.id}`)).toEqual([
      `mail:invoice:${renewal.id}:payment-failed`,
    ]);
    const [subscription] = await t.app.database.db
      .select()
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.id, subscriptionId));
    expect(subscription!.status).toBe('past_due');

    t.app.sentMail.length = 0;
    await drainOutbox(t.app);
    const notices = t.app.sentMail.filter((m) => m.subject.includes('could not be charged'));
    expect(notices.map((m) => m.to)).toEqual(['f@example.org']);
    const notice = notices[0]!;
    expect(notice.text).toContain(`https://invoice.stripe.test/i/${renewal.id}`);

    // The donor pays on the hosted page: the same invoice's row is now paid.
    t.standIn.pay(renewalPi.id);
    await deliverOk(t.standIn.event('invoice.paid', t.standIn.invoice(renewal.id)));
    expect(await t.donationOf(renewalPi.id)).toMatchObject({ paymentStatus: 'succeeded' });
  });

  it('keeps a subscription canceled when an older update arrives after the deletion', async () => {
    const { pi, subscriptionId } = await t.startMonthly({ amount: 18 });
    t.standIn.pay(pi.id);
    const at = Math.floor(Date.now() / 1000);
    const active = t.standIn.event(
      'customer.subscription.updated',
      t.standIn.subscription(subscriptionId),
      { created: at },
    );
    const deleted = t.standIn.event(
      'customer.subscription.deleted',
      t.standIn.cancelSubscription(subscriptionId),
      { created: at + 60 },
    );
    await deliverOk(deleted);
    await deliverOk(active);
    const [subscription] = await t.app.database.db
      .select()
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.id, subscriptionId));
    expect(subscription).toMatchObject({ status: 'canceled' });
    expect(subscription!.canceledAt).toBeInstanceOf(Date);
  });

  it('answers 500 when a handler fails, so Stripe retries; the retry applies it', async () => {
    const { pi, subscriptionId } = await t.startMonthly({ amount: 36, email: 'retry@example.org' });
    t.standIn.pay(pi.id);
    const renewal = t.standIn.renew(subscriptionId);
    t.standIn.pay(t.standIn.intentOfInvoice(renewal.id).id);
    const event = t.standIn.event('invoice.paid', t.standIn.invoice(renewal.id));
    t.standIn.failNext({ status: 500 }, { status: 500 });
    const failed = await deliverEvent(t.app, event);
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error.code).toBe('internal');
    const stored = await t.app.database.db
      .select()
      .from(processedStripeEvents)
      .where(eq(processedStripeEvents.eventId, event.id));
    expect(stored).toHaveLength(0);
    await deliverOk(event);
    const [row] = await t.app.database.db
      .select()
      .from(donations)
      .where(eq(donations.stripeInvoiceId, renewal.id));
    expect(row).toMatchObject({ paymentStatus: 'succeeded' });
  });
});
