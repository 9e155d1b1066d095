import { describe, expect, it } from 'vitest';
import { pageData, visibleText } from '~tests/helpers/page-forms';
import { setUpStripeTestApp } from '~tests/helpers/stripe';

const t = setUpStripeTestApp();

const checkout = '/checkout?amount=36&type=onetime&method=credit_card';

describe('Back to a checkout whose gift was made', () => {
  it('says the gift was made, from Stripe’s payment, before any webhook, with a link to give again', async () => {
    const pi = await t.startCheckout({ amount: 36, name: 'Dina Roth', email: 'back1@example.org' });
    // Set up but not paid (the card not yet confirmed, or declined): the checkout as usual.
    const before = await t.app.inject(`${checkout}&gift=${pi.id}`);
    expect(before.statusCode).toBe(200);
    expect(visibleText(before.body)).toContain('Complete Donation $36');
    expect(visibleText(before.body)).not.toContain('Your Gift Has Been Made');

    t.standIn.pay(pi.id);
    // No webhook, no report from the browser: the stored gift is still pending.
    expect((await t.donationOf(pi.id)).paymentStatus).toBe('pending');
    const after = await t.app.inject(`${checkout}&gift=${pi.id}`);
    expect(after.statusCode).toBe(200);
    expect(after.headers['cache-control']).toBe('no-store');
    const text = visibleText(after.body);
    expect(text).toContain('Your Gift Has Been Made');
    expect(text).toContain('Your $36.00 gift was received: thank you.');
    expect(text).toContain('Nothing more will be charged from this page.');
    expect(text).not.toContain('Complete Donation');
    expect(text).not.toContain('Card details');
    // Giving again is a choice of its own: the same gift's checkout, without the paid payment.
    expect(after.body).toMatch(
      /<a href="\/checkout\?amount=36&amp;type=onetime&amp;method=credit_card"[^>]*>Give again<\/a>/,
    );
    expect(pageData(after.body).data.giftMade).toEqual({
      amountCents: 3600,
      type: 'onetime',
      processing: false,
    });
  });

  it('says so from the recorded gift once it is recorded', async () => {
    const pi = await t.startCheckout({ amount: 36, name: 'Dina Roth', email: 'back2@example.org' });
    t.standIn.pay(pi.id);
    const recorded = await t.recordDonation({ stripePaymentId: pi.id });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect((await t.donationOf(pi.id)).paymentStatus).toBe('succeeded');
    const calls = t.standIn.requestsTo('GET', `/v1/payment_intents/${pi.id}`).length;
    const page = await t.app.inject(`${checkout}&gift=${pi.id}`);
    expect(visibleText(page.body)).toContain('Your Gift Has Been Made');
    // The stored gift answers: Stripe is not asked again.
    expect(t.standIn.requestsTo('GET', `/v1/payment_intents/${pi.id}`).length).toBe(calls);
  });

  it('shows the checkout as usual for a payment it does not know or an address it did not write', async () => {
    for (const gift of ['pi_doesnotexist0000000000', 'not-a-payment', '']) {
      const res = await t.app.inject(`${checkout}&gift=${encodeURIComponent(gift)}`);
      expect(res.statusCode, gift).toBe(200);
      expect(visibleText(res.body), gift).toContain('Complete Donation $36');
      expect(pageData(res.body).data.giftMade, gift).toBeUndefined();
    }
  });
});
