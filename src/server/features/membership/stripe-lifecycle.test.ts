import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members, stripeSubscriptions } from '~/db/schema';
import { applyForMembership } from '~tests/helpers/members';
import { deliverEvent, drainOutbox, setUpStripeTestApp } from '~tests/helpers/stripe';
import { MEMBERSHIP_PURPOSE, membershipLinkMessages } from './membership-link';

const t = setUpStripeTestApp();

async function deliverOk(event: Parameters<typeof deliverEvent>[1]) {
  const res = await deliverEvent(t.app, event);
  expect(res.statusCode, res.body).toBe(200);
}

const setUp = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/create-subscription', payload });

describe('membership through a card subscription', () => {
  it('goes pending, active, lapsed, active again, cancelled through the webhooks', async () => {
    const applied = await applyForMembership(t.app, { tier: 'flame', email: 'flame@example.org' });
    expect(applied.checkoutUrl).toMatch(
      /^https:\/\/tziyun\.test\/checkout\?amount=360&type=subscription&method=credit_card&membership=/,
    );
    expect(await applied.member()).toMatchObject({
      status: 'pending',
      tier: 'flame',
      name: 'Rivka Katz',
      email: 'flame@example.org',
      monthlyAmountCents: 36000,
      memberSince: null,
      stripeSubscriptionId: null,
    });

    const { pi, subscriptionId, invoiceId } = await t.startMonthly({
      amount: applied.amount,
      email: 'flame@example.org',
      membership: applied.token,
    });
    expect(await applied.member()).toMatchObject({
      status: 'pending',
      stripeSubscriptionId: subscriptionId,
    });
    const [subscription] = await t.app.database.db
      .select()
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.id, subscriptionId));
    expect(subscription!.amountCents).toBe(36000);

    // First payment.
    await t.payFirstInvoice({ pi, invoiceId });
    const active = await applied.member();
    expect(active.status).toBe('active');
    expect(active.memberSince).toBeInstanceOf(Date);
    expect(active.nextRenewalAt!.getTime()).toBeGreaterThan(active.memberSince!.getTime());
    // The same event again changes nothing.
    await deliverOk(t.standIn.event('invoice.paid', t.standIn.invoice(invoiceId)));
    expect(await applied.member()).toMatchObject({
      status: 'active',
      memberSince: active.memberSince,
    });

    // Renewal paid.
    const renewal = t.standIn.renew(subscriptionId);
    t.standIn.pay(t.standIn.intentOfInvoice(renewal.id).id);
    await deliverOk(t.standIn.event('invoice.paid', t.standIn.invoice(renewal.id)));
    expect(await applied.member()).toMatchObject({
      status: 'active',
      memberSince: active.memberSince,
    });

    // Failed renewal: lapsed while Stripe retries; paid on retry: active again.
    const failing = t.standIn.renew(subscriptionId);
    const failingPi = t.standIn.intentOfInvoice(failing.id);
    t.standIn.decline(failingPi.id);
    await deliverOk(t.standIn.event('invoice.payment_failed', t.standIn.invoice(failing.id)));
    await deliverOk(
      t.standIn.event('customer.subscription.updated', t.standIn.subscription(subscriptionId)),
    );
    expect(await applied.member()).toMatchObject({ status: 'lapsed' });
    t.standIn.pay(failingPi.id);
    await deliverOk(t.standIn.event('invoice.paid', t.standIn.invoice(failing.id)));
    expect(await applied.member()).toMatchObject({
      status: 'active',
      memberSince: active.memberSince,
    });

    // Cancelled: the membership ends, and a late payment event does not revive it.
    await deliverOk(
      t.standIn.event(
        'customer.subscription.deleted',
        t.standIn.cancelSubscription(subscriptionId),
      ),
    );
    const ended = await applied.member();
    expect(ended).toMatchObject({ status: 'cancelled', nextRenewalAt: null });
    expect(ended.cancelledAt).toBeInstanceOf(Date);
    await deliverOk(t.standIn.event('invoice.paid', t.standIn.invoice(failing.id)));
    expect(await applied.member()).toMatchObject({ status: 'cancelled' });

    // One welcome, for the first activation only, through the outbox.
    await drainOutbox(t.app);
    const welcomes = t.app.sentMail.filter(
      (m) => m.to === 'flame@example.org' && m.subject.startsWith('Welcome to the Flame Tier'),
    );
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0]!.text).toContain('Prayer schedule:');
    expect(welcomes[0]!.text).toContain('Next live Zoom teaching:');
  });

  it('follows the subscription to another tier, and keeps the tier for a price no tier has', async () => {
    const applied = await applyForMembership(t.app, { tier: 'spark', email: 'moving@example.org' });
    const { pi, subscriptionId, invoiceId } = await t.startMonthly({
      amount: applied.amount,
      email: 'moving@example.org',
      membership: applied.token,
    });
    await t.payFirstInvoice({ pi, invoiceId });
    expect(await applied.member()).toMatchObject({ status: 'active', tier: 'spark' });

    const withPrice = (unitAmount: number) => {
      const sub = t.standIn.subscription(subscriptionId) as unknown as {
        items: { data: { price: { unit_amount: number }; quantity: number }[] };
      };
      sub.items.data[0]!.price.unit_amount = unitAmount;
      return sub as unknown as ReturnType<typeof t.standIn.subscription>;
    };
    // Upgraded to Beacon's price in the customer portal.
    const beacon = t.app.siteConfig.tiers.find((tier) => tier.id === 'beacon')!;
    await deliverOk(
      t.standIn.event('customer.subscription.updated', withPrice(beacon.price * 100)),
    );
    expect(await applied.member()).toMatchObject({
      status: 'active',
      tier: 'beacon',
      monthlyAmountCents: beacon.price * 100,
    });
    const [stored] = await t.app.database.db
      .select()
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.id, subscriptionId));
    expect(stored!.amountCents).toBe(beacon.price * 100);

    // A price of no tier: the amount follows, the tier stays.
    await deliverOk(t.standIn.event('customer.subscription.updated', withPrice(25_000)));
    expect(await applied.member()).toMatchObject({ tier: 'beacon', monthlyAmountCents: 25_000 });
  });

  it('activates on the record call when it comes before the webhook', async () => {
    const applied = await applyForMembership(t.app, { email: 'spark@example.org' });
    const { pi } = await t.startMonthly({ amount: 180, membership: applied.token });
    t.standIn.pay(pi.id);
    const res = await t.recordDonation({
      stripePaymentId: pi.id,
      name: 'Rivka Katz',
      email: 'spark@example.org',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await applied.member()).toMatchObject({ status: 'active' });
  });

  it('leaves a member pending while the first payment fails', async () => {
    const applied = await applyForMembership(t.app, { email: 'declined@example.org' });
    const { pi, invoiceId } = await t.startMonthly({ amount: 180, membership: applied.token });
    t.standIn.decline(pi.id);
    await deliverOk(t.standIn.event('invoice.payment_failed', t.standIn.invoice(invoiceId)));
    expect(await applied.member()).toMatchObject({ status: 'pending' });
  });

  it.each([
    ['customer.subscription.updated (incomplete_expired)', 'subscription'],
    ['invoice.voided', 'invoice'],
    ['payment_intent.canceled', 'paymentIntent'],
  ] as const)(
    'ends the first payment that expired and its pending membership on %s alone',
    async (_name, which) => {
      const applied = await applyForMembership(t.app, { email: `expired-${which}@example.org` });
      const { pi, subscriptionId } = await t.startMonthly({
        amount: 180,
        membership: applied.token,
      });
      const expired = t.standIn.expireSubscription(subscriptionId);
      const type = {
        subscription: 'customer.subscription.updated',
        invoice: 'invoice.voided',
        paymentIntent: 'payment_intent.canceled',
      }[which];
      await deliverOk(t.standIn.event(type, expired[which]));
      expect(await t.donationOf(pi.id)).toMatchObject({ paymentStatus: 'failed' });
      const ended = await applied.member();
      expect(ended).toMatchObject({ status: 'cancelled', memberSince: null });
      expect(ended.cancelledAt).toBeInstanceOf(Date);
    },
  );

  it('records an expired subscription, and the member’s link can still pay for it later', async () => {
    const applied = await applyForMembership(t.app, { email: 'second-try@example.org' });
    const first = await t.startMonthly({ amount: 180, membership: applied.token });
    const expired = t.standIn.expireSubscription(first.subscriptionId);
    // Stripe sends all three; in any order, each changes what is left to change.
    await deliverOk(t.standIn.event('payment_intent.canceled', expired.paymentIntent));
    await deliverOk(t.standIn.event('customer.subscription.updated', expired.subscription));
    await deliverOk(t.standIn.event('invoice.voided', expired.invoice));
    const [subscription] = await t.app.database.db
      .select()
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.id, first.subscriptionId));
    expect(subscription!.status).toBe('incomplete_expired');
    expect(await t.donationOf(first.pi.id)).toMatchObject({ paymentStatus: 'failed' });
    expect(await applied.member()).toMatchObject({ status: 'cancelled' });

    // The donor comes back with the confirmation's link: a new subscription pays for it.
    const second = await t.startMonthly({ amount: 180, membership: applied.token });
    expect(await applied.member()).toMatchObject({
      status: 'pending',
      cancelledAt: null,
      stripeSubscriptionId: second.subscriptionId,
    });
    t.standIn.pay(second.pi.id);
    await deliverOk(t.standIn.event('invoice.paid', t.standIn.invoice(second.invoiceId)));
    expect(await applied.member()).toMatchObject({ status: 'active' });
    // A late event of the expired subscription does not touch the member now.
    await deliverOk(t.standIn.event('customer.subscription.updated', expired.subscription));
    expect(await applied.member()).toMatchObject({ status: 'active' });
  });

  it('refuses a forged, expired or foreign token, another amount, and an active member', async () => {
    const applied = await applyForMembership(t.app, { email: 'refused@example.org' });
    const before = t.standIn.requestsTo('POST', '/v1/subscriptions').length;
    const forged = await setUp({ amount: 180, membership: `${applied.token}x` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe(membershipLinkMessages.invalid);
    const expiredToken = t.app.linkSigner.sign(
      MEMBERSHIP_PURPOSE,
      (await applied.member()).id,
      new Date(t.app.clock().getTime() - 1000),
    );
    const expired = await setUp({ amount: 180, membership: expiredToken });
    expect(expired.json().error).toMatchObject({
      code: 'link_expired',
      message: membershipLinkMessages.expired,
    });
    const foreign = t.app.linkSigner.sign(
      'manage-stripe-gift',
      (await applied.member()).id,
      new Date(t.app.clock().getTime() + 60_000),
    );
    expect((await setUp({ amount: 180, membership: foreign })).statusCode).toBe(400);
    const cheaper = await setUp({ amount: 18, membership: applied.token });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().error.fields).toEqual({ amount: 'This membership is $180 a month.' });
    expect(t.standIn.requestsTo('POST', '/v1/subscriptions')).toHaveLength(before);

    const { pi, invoiceId } = await t.startMonthly({ amount: 180, membership: applied.token });
    await t.payFirstInvoice({ pi, invoiceId });
    const again = await setUp({ amount: 180, membership: applied.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(membershipLinkMessages.alreadyActive);
  });

  it('refuses to charge a second membership for an address that already pays for one', async () => {
    // The same person applies twice (a reload of /join, a second post): two pending members.
    const first = await applyForMembership(t.app, { email: 'Twice@Example.org' });
    const second = await applyForMembership(t.app, { email: 'twice@example.org' });
    const other = await applyForMembership(t.app, { email: 'someone.else@example.org' });
    const { pi, invoiceId } = await t.startMonthly({ amount: 180, membership: first.token });
    await t.payFirstInvoice({ pi, invoiceId });
    expect(await first.member()).toMatchObject({ status: 'active' });

    const before = t.standIn.requestsTo('POST', '/v1/subscriptions').length;
    const refused = await setUp({ amount: 180, membership: second.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(membershipLinkMessages.alreadyMember);
    expect(t.standIn.requestsTo('POST', '/v1/subscriptions')).toHaveLength(before);
    expect(await second.member()).toMatchObject({ status: 'pending' });
    // The checkout says so when it opens, before a card is typed; another address pays.
    const checkout = async (token: string) =>
      (await t.app.inject(`/checkout?amount=180&type=subscription&membership=${token}`)).body;
    const opened = await checkout(second.token);
    expect(opened).toContain(membershipLinkMessages.alreadyMember);
    expect(opened).not.toContain('Complete Donation');
    expect(await checkout(first.token)).toContain(membershipLinkMessages.alreadyActive);
    const payable = await checkout(other.token);
    expect(payable).toContain('Complete Donation $180');
    // Filled in with the member's own name and address, from the member's row.
    expect(payable).toContain(
      '"membershipDonor":{"name":"Rivka Katz","email":"someone.else@example.org"}',
    );
    expect(payable).not.toContain('Your membership<');
    // Another address is not held back by it.
    expect((await setUp({ amount: 180, membership: other.token })).statusCode).toBe(200);

    // Lapsed (its renewal declined, Stripe retrying): told so, not to pay a second time.
    const member = async (status: 'lapsed' | 'cancelled') =>
      t.app.database.db
        .update(members)
        .set({ status })
        .where(eq(members.id, (await first.member()).id));
    await member('lapsed');
    const lapsed = await setUp({ amount: 180, membership: second.token });
    expect(lapsed.statusCode).toBe(409);
    expect(lapsed.json().error.message).toBe(membershipLinkMessages.lapsedMember);
    // Ended: joining again is paying again.
    await member('cancelled');
    expect((await setUp({ amount: 180, membership: second.token })).statusCode).toBe(200);
  });

  it("refuses a membership's link on a one-time gift, before anything reaches Stripe", async () => {
    const applied = await applyForMembership(t.app, { email: 'one-time@example.org' });
    const before = t.standIn.requestsTo('POST', '/v1/payment_intents').length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 180, membership: applied.token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(membershipLinkMessages.monthlyOnly);
    expect(t.standIn.requestsTo('POST', '/v1/payment_intents')).toHaveLength(before);
  });
});
