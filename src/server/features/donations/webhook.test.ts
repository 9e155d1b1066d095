import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { donations, jobs, processedStripeEvents, stripeSubscriptions } from '~/db/schema';
import { signIn } from '~tests/helpers/admin';
import {
  deliverEvent,
  drainOutbox,
  testWebhookSecret,
  setUpStripeTestApp,
} from '~tests/helpers/stripe';
import { STRIPE_API_VERSION } from './stripe-client';

const t = setUpStripeTestApp();

async function deliverOk(
  event: Parameters<typeof deliverEvent>[1],
  options?: Parameters<typeof deliverEvent>[2],
) {
  const res = await deliverEvent(t.app, event, options);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ received: true });
}

/** Stripe tells the site of the invoice as it now stands. */
const deliverInvoice = (type: 'invoice.paid' | 'invoice.payment_failed', invoiceId: string) =>
  deliverOk(t.standIn.event(type, t.standIn.invoice(invoiceId)));

/** Stripe tells the site of the subscription as it now stands. */
const deliverSubscription = (subscriptionId: string) =>
  deliverOk(
    t.standIn.event('customer.subscription.updated', t.standIn.subscription(subscriptionId)),
  );

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

  it('refuses a signature dated beyond the tolerance in the future (400), as one too old', async () => {
    const pi = await t.startCheckout({ amount: 36 });
    const event = t.standIn.event('payment_intent.succeeded', t.standIn.pay(pi.id));
    const now = Math.floor(t.app.clock().getTime() / 1000);
    const ahead = await deliverEvent(t.app, event, { timestamp: now + 3600 });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().error).toEqual({ code: 'bad_request', message: 'Invalid signature.' });
    expect(
      (await deliverEvent(t.app, event, { timestamp: now + Stripe.webhooks.DEFAULT_TOLERANCE + 5 }))
        .statusCode,
    ).toBe(400);
    expect(await t.donationOf(pi.id)).toMatchObject({ paymentStatus: 'pending' });
    // Within the tolerance either way, as clocks drift: accepted.
    await deliverOk(event, { timestamp: now + 60 });
    expect(await t.donationOf(pi.id)).toMatchObject({ paymentStatus: 'succeeded' });
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
    await t.payFirstInvoice({ pi, invoiceId });
    await deliverOk(t.standIn.event('payment_intent.succeeded', t.standIn.paymentIntent(pi.id)));
    await deliverSubscription(subscriptionId);
    expect(await t.donationOf(pi.id)).toMatchObject({
      paymentStatus: 'succeeded',
      amountCents: 3600,
    });

    const renewal = t.standIn.renew(subscriptionId);
    const renewalPi = t.standIn.intentOfInvoice(renewal.id);
    t.standIn.pay(renewalPi.id);
    // The event's invoice has no `payments`: the handler asks Stripe for it.
    await deliverInvoice('invoice.paid', renewal.id);
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

  it('records a failed renewal and emails the donor a way to pay and the office a notice, once per invoice', async () => {
    const { pi, subscriptionId, invoiceId } = await t.startMonthly({
      amount: 18,
      email: 'f@example.org',
    });
    await t.payFirstInvoice({ pi, invoiceId });
    const renewal = t.standIn.renew(subscriptionId);
    const renewalPi = t.standIn.intentOfInvoice(renewal.id);
    t.standIn.decline(renewalPi.id);
    // Stripe retries the card; each failure is its own event.
    await deliverInvoice('invoice.payment_failed', renewal.id);
    await deliverInvoice('invoice.payment_failed', renewal.id);
    await deliverSubscription(subscriptionId);
    expect(await t.donationOf(renewalPi.id)).toMatchObject({
      paymentStatus: 'failed',
      amountCents: 1800,
    });
    expect((await mailKeys(`mail:invoice:${renewal.id}`)).sort()).toEqual([
      `mail:invoice:${renewal.id}:payment-failed`,
      `mail:invoice:${renewal.id}:payment-failed:office`,
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
    // The office hears of it through the outbox too, with what it needs to follow up.
    const office = t.app.sentMail.filter((m) => m.to === t.app.officeEmail);
    expect(office).toHaveLength(1);
    expect(office[0]!.subject).toBe('Monthly card gift declined: f@example.org');
    expect(office[0]!.replyTo).toBe('f@example.org');
    for (const detail of [subscriptionId, renewal.id, '$18.00', 'Stripe will try the card again']) {
      expect(office[0]!.text).toContain(detail);
    }

    // The donor pays on the hosted page: the same invoice's row is now paid.
    t.standIn.pay(renewalPi.id);
    await deliverInvoice('invoice.paid', renewal.id);
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

describe('disputes', () => {
  async function disputedGift(email: string) {
    const pi = await t.startCheckout({ amount: 50, email });
    await deliverOk(t.standIn.event('payment_intent.succeeded', t.standIn.pay(pi.id)));
    const opened = t.standIn.dispute(pi.id);
    const created = t.standIn.event('charge.dispute.created', opened);
    await deliverOk(created);
    expect(await t.donationOf(pi.id)).toMatchObject({ paymentStatus: 'disputed' });
    return { pi, dispute: opened, created };
  }

  async function verify(paymentId: string) {
    const admin = await signIn(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stripe/verify-payment/${paymentId}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().verification as { status: string };
  }

  it('counts a won dispute’s money again: closed and funds_reinstated succeed it, late events too', async () => {
    const { pi, dispute, created } = await disputedGift('won@example.org');
    const won = t.standIn.updateDispute(dispute.id, 'won');
    await deliverOk(t.standIn.event('charge.dispute.closed', won));
    expect(await t.donationOf(pi.id)).toMatchObject({ paymentStatus: 'succeeded' });
    await deliverOk(t.standIn.event('charge.dispute.funds_reinstated', won));
    // The dispute's first event, delivered again late: Stripe's dispute is read, still won.
    const late = { ...created, id: `${created.id}_late` };
    await deliverOk(late);
    const row = await t.donationOf(pi.id);
    expect(row).toMatchObject({ paymentStatus: 'succeeded', refundedCents: 0 });
    // The charge stays `disputed: true` at Stripe; the admin's verify agrees with the webhook.
    expect(t.standIn.chargeOf(pi.id)).toMatchObject({ disputed: true });
    expect(await verify(row.id)).toMatchObject({ status: 'succeeded' });
    // One receipt for the gift, as before the dispute.
    expect(await mailKeys(`mail:donation:${row.id}`)).toEqual([`mail:donation:${row.id}:receipt`]);
  });

  it('keeps a lost dispute disputed, by webhook and by verify', async () => {
    const { pi, dispute } = await disputedGift('lost@example.org');
    const lost = t.standIn.updateDispute(dispute.id, 'lost');
    await deliverOk(t.standIn.event('charge.dispute.closed', lost));
    expect(await t.donationOf(pi.id)).toMatchObject({ paymentStatus: 'disputed' });
    expect(await verify(pi.id)).toMatchObject({ status: 'disputed' });
    // A success event arriving late changes nothing either.
    await deliverOk(t.standIn.event('payment_intent.succeeded', t.standIn.paymentIntent(pi.id)));
    expect(await t.donationOf(pi.id)).toMatchObject({ paymentStatus: 'disputed' });
  });

  it('verify alone returns a donation to succeeded when its dispute was won without an event', async () => {
    const { pi, dispute } = await disputedGift('verify-won@example.org');
    t.standIn.updateDispute(dispute.id, 'won');
    expect(await verify(pi.id)).toMatchObject({ status: 'succeeded' });
    expect(await t.donationOf(pi.id)).toMatchObject({ paymentStatus: 'succeeded' });
  });

  it('takes no money for an inquiry, and marks it disputed once it becomes a chargeback', async () => {
    const pi = await t.startCheckout({ amount: 20 });
    await deliverOk(t.standIn.event('payment_intent.succeeded', t.standIn.pay(pi.id)));
    const inquiry = t.standIn.dispute(pi.id, { status: 'warning_needs_response' });
    await deliverOk(t.standIn.event('charge.dispute.created', inquiry));
    expect(await t.donationOf(pi.id)).toMatchObject({ paymentStatus: 'succeeded' });
    const chargeback = t.standIn.updateDispute(inquiry.id, 'needs_response');
    await deliverOk(t.standIn.event('charge.dispute.funds_withdrawn', chargeback));
    expect(await t.donationOf(pi.id)).toMatchObject({ paymentStatus: 'disputed' });
  });
});

describe('API versions', () => {
  const legacy = '2024-06-20';

  async function paidMonthly(email: string) {
    const gift = await t.startMonthly({ amount: 25, email });
    t.standIn.pay(gift.pi.id);
    await deliverInvoice('invoice.paid', gift.invoiceId);
    return gift;
  }

  it(`records a renewal sent in the ${legacy} shape (the subscription at the top level)`, async () => {
    const { subscriptionId } = await paidMonthly('legacy-paid@example.org');
    const renewal = t.standIn.renew(subscriptionId);
    const renewalPi = t.standIn.intentOfInvoice(renewal.id);
    t.standIn.pay(renewalPi.id);
    const invoice = t.standIn.invoice(renewal.id, { apiVersion: legacy });
    expect(invoice).toMatchObject({ subscription: subscriptionId });
    expect(invoice).not.toHaveProperty('parent');
    await deliverOk(t.standIn.event('invoice.paid', invoice, { apiVersion: legacy }));
    expect(await t.donationOf(renewalPi.id)).toMatchObject({
      stripeInvoiceId: renewal.id,
      stripeSubscriptionId: subscriptionId,
      paymentStatus: 'succeeded',
      amountCents: 2500,
    });
  });

  it(`records a failed renewal sent in the ${legacy} shape, and mails donor and office`, async () => {
    const { subscriptionId } = await paidMonthly('legacy-failed@example.org');
    const renewal = t.standIn.renew(subscriptionId);
    const renewalPi = t.standIn.intentOfInvoice(renewal.id);
    t.standIn.decline(renewalPi.id);
    await deliverOk(
      t.standIn.event(
        'invoice.payment_failed',
        t.standIn.invoice(renewal.id, { apiVersion: legacy }),
        { apiVersion: legacy },
      ),
    );
    expect(await t.donationOf(renewalPi.id)).toMatchObject({ paymentStatus: 'failed' });
    expect((await mailKeys(`mail:invoice:${renewal.id}`)).sort()).toEqual([
      `mail:invoice:${renewal.id}:payment-failed`,
      `mail:invoice:${renewal.id}:payment-failed:office`,
    ]);
  });

  it('refuses a handled event in a version it does not read (503, error logged, not stored)', async () => {
    const { subscriptionId } = await paidMonthly('unreadable@example.org');
    const renewal = t.standIn.renew(subscriptionId);
    t.standIn.pay(t.standIn.intentOfInvoice(renewal.id).id);
    const errors = vi.spyOn(t.app.log, 'error');
    const stored = () => t.app.database.db.$count(processedStripeEvents);
    const before = await stored();
    for (const apiVersion of ['2023-10-16', '2099-01-01.future', null]) {
      const event = t.standIn.event(
        'invoice.paid',
        t.standIn.invoice(renewal.id, { apiVersion: apiVersion ?? legacy }),
        { apiVersion },
      );
      const res = await deliverEvent(t.app, event);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toContain(STRIPE_API_VERSION);
      // Stripe retries it: still refused, never stored as handled.
      expect((await deliverEvent(t.app, event)).statusCode).toBe(503);
    }
    expect(await stored()).toBe(before);
    const [row] = await t.app.database.db
      .select()
      .from(donations)
      .where(eq(donations.stripeInvoiceId, renewal.id));
    expect(row).toBeUndefined();
    const logged = errors.mock.calls.filter(([, message]) =>
      String(message).includes(`set the webhook endpoint's API version to ${STRIPE_API_VERSION}`),
    );
    expect(logged).toHaveLength(6);
    errors.mockRestore();
    // A type the site does not handle is ignored whatever its version.
    const other = t.standIn.event(
      'customer.created',
      { id: 'cus_y', object: 'customer' },
      {
        apiVersion: '2023-10-16',
      },
    );
    await deliverOk(other);
  });
});
