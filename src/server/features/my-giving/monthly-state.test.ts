import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stripeSubscriptions } from '~/db/schema';
import { givingSession } from '~tests/helpers/my-giving';
import { pageData } from '~tests/helpers/page-forms';
import { setUpStripeTestApp } from '~tests/helpers/stripe';
import { currentSubscriptionState } from '~/server/features/donations';

const t = setUpStripeTestApp();

describe('a monthly card gift in My giving and on its manage page', () => {
  it('is active in both as soon as its first payment went through, before any webhook', async () => {
    const email = 'first-month@example.org';
    const { pi, subscriptionId } = await t.startMonthly({ amount: 36, name: 'Dina Roth', email });
    t.standIn.pay(pi.id);
    // The browser reports the payment (as the checkout does); no webhook has arrived.
    const recorded = await t.recordDonation({ stripePaymentId: pi.id });
    expect(recorded.statusCode, recorded.body).toBe(200);

    const cookie = await givingSession(t.app, email);
    const giving = await t.app.inject({ url: '/api/my-giving', headers: { cookie } });
    expect(giving.statusCode, giving.body).toBe(200);
    const [gift] = giving.json().monthly;
    expect(gift).toMatchObject({ id: subscriptionId, statusLabel: 'Active', active: true });
    expect(gift.action?.label).toBe('Manage this gift (card, cancel)');

    // Its manage page, opened from that action, reads the same state.
    const manage = await t.app.inject(
      new URL(gift.action.url).pathname + new URL(gift.action.url).search,
    );
    expect(manage.statusCode).toBe(200);
    expect(pageData(manage.body).data.gift).toMatchObject({ status: 'active' });

    // Stripe unreachable: the stored row still waits for the webhook, but its first invoice is
    // recorded as paid, and that is what makes the gift active.
    const [row] = await t.app.database.db
      .select()
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.id, subscriptionId));
    expect(row!.status).toBe('incomplete');
    const offline = { db: t.app.database.db, log: t.app.log, stripe: null };
    expect(await currentSubscriptionState(offline, row!)).toEqual({
      status: 'active',
      cancelAtPeriodEnd: false,
    });
  });

  it('is not started in both while its first payment has not gone through', async () => {
    const email = 'not-yet@example.org';
    const { pi } = await t.startMonthly({ amount: 18, name: 'Dina Roth', email });
    t.standIn.decline(pi.id);
    // A finished one-time gift gives the address a session; the monthly one is still waiting.
    const one = await t.startCheckout({ amount: 5, name: 'Dina Roth', email });
    t.standIn.pay(one.id);
    await t.recordDonation({ stripePaymentId: one.id });
    const cookie = await givingSession(t.app, email);
    const [gift] = (await t.app.inject({ url: '/api/my-giving', headers: { cookie } })).json()
      .monthly;
    expect(gift).toMatchObject({ statusLabel: 'Not started', active: false, action: null });
  });
});
