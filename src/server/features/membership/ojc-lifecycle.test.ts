import { describe, expect, it } from 'vitest';
import {
  applyForMembership,
  confirmationsTo,
  sendMembershipApplication,
} from '~tests/helpers/members';
import { members as membersTable } from '~/db/schema';
import { membershipLinkMessages } from './membership-link';
import { chargeOjcPayment, createOjcPayment, setUpOjcTestApp } from '~tests/helpers/ojc';
import { drainOutbox } from '~tests/helpers/stripe';

const day = 24 * 60 * 60 * 1000;
const ojc = setUpOjcTestApp();

let cards = 0;
function nextCard() {
  cards += 1;
  return `9000 0000 ${String(2000 + cards)} 4242`;
}

async function advance(ms: number) {
  ojc.app.advanceClock(ms);
  await drainOutbox(ojc.app);
}

/** A membership paid by OJC monthly: applied for, set up through its link, first month charged. */
async function joinByOjc(email: string, card = nextCard()) {
  const applied = await applyForMembership(ojc.app, { tier: 'spark', email });
  const paymentId = await createOjcPayment(ojc.app, {
    amount: applied.amount,
    donationType: 'subscription',
    donorEmail: email,
    membership: applied.token,
  });
  expect(await applied.member()).toMatchObject({ status: 'pending', ojcPaymentId: paymentId });
  const res = await chargeOjcPayment(ojc.app, paymentId, { cardNumber: card });
  expect(res.statusCode, res.body).toBe(200);
  return { ...applied, paymentId, card };
}

describe('membership through a monthly OJC gift', () => {
  it('is active after the first charge, stays active on renewal, ends when cancelled', async () => {
    const joined = await joinByOjc('ojc-member@example.org');
    const active = await joined.member();
    expect(active).toMatchObject({ status: 'active' });
    expect(active.ojcSubscriptionId).toEqual(expect.any(String));
    expect(active.memberSince).toBeInstanceOf(Date);
    await drainOutbox(ojc.app);
    const welcome = ojc.app.sentMail.filter(
      (m) => m.to === 'ojc-member@example.org' && m.subject.startsWith('Welcome to the Spark Tier'),
    );
    expect(welcome).toHaveLength(1);

    await advance(32 * day);
    const renewed = await joined.member();
    expect(renewed).toMatchObject({ status: 'active', memberSince: active.memberSince });
    expect(renewed.nextRenewalAt!.getTime()).toBeGreaterThan(active.nextRenewalAt!.getTime());

    // The cancel link of the receipt.
    const receipt = ojc.app.sentMail.find(
      (m) => m.to === 'ojc-member@example.org' && /\/donate\/cancel\?token=/.test(m.text),
    );
    const token = decodeURIComponent(/\/donate\/cancel\?token=(\S+)/.exec(receipt!.text)![1]!);
    const res = await ojc.app.inject({
      method: 'POST',
      url: '/api/ojc/subscriptions/cancel',
      payload: { token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await joined.member()).toMatchObject({ status: 'cancelled', nextRenewalAt: null });
  });

  it('ends when a month is declined for good', async () => {
    const card = nextCard();
    const joined = await joinByOjc('ojc-declined@example.org', card);
    ojc.standIn.answerCard(card.replace(/ /g, ''), 462);
    await advance(32 * day);
    expect(await joined.member()).toMatchObject({ status: 'cancelled' });
  });

  it('charges no second membership for an address already paying one', async () => {
    // Two applications from one address, both checkouts opened before either was paid.
    const email = 'ojc-twice@example.org';
    const first = await applyForMembership(ojc.app, { tier: 'spark', email });
    const second = await applyForMembership(ojc.app, {
      tier: 'spark',
      email: 'OJC-Twice@example.org',
    });
    const open = (token: string) =>
      createOjcPayment(ojc.app, {
        amount: first.amount,
        donationType: 'subscription',
        donorEmail: email,
        membership: token,
      });
    const [firstPayment, secondPayment] = [await open(first.token), await open(second.token)];
    expect(
      (await chargeOjcPayment(ojc.app, firstPayment, { cardNumber: nextCard() })).statusCode,
    ).toBe(200);
    expect(await first.member()).toMatchObject({ status: 'active' });
    // Its thank-you says the membership has begun.
    const view = await ojc.app.inject(`/api/ojc/payments/${firstPayment}`);
    expect(view.json().payment).toMatchObject({ status: 'succeeded', membership: true });

    const charges = ojc.standIn.requests.length;
    const refused = await chargeOjcPayment(ojc.app, secondPayment, { cardNumber: nextCard() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(membershipLinkMessages.alreadyMember);
    expect(ojc.standIn.requests).toHaveLength(charges);
    expect(await second.member()).toMatchObject({ status: 'pending' });
    // And applying again after the first was paid makes no member to pay for: the mail says so.
    const members = await ojc.app.database.db.$count(membersTable);
    const again = await sendMembershipApplication(ojc.app, {
      firstName: 'R',
      lastName: 'K',
      email,
      membershipTier: 'spark',
    });
    expect(again.statusCode).toBe(200);
    expect(await ojc.app.database.db.$count(membersTable)).toBe(members);
    expect((await confirmationsTo(ojc.app, email)).at(-1)!.data).toEqual({
      tierId: 'spark',
      existingMembership: 'active',
    });
  });

  it("refuses a membership's link on a one-time gift", async () => {
    const applied = await applyForMembership(ojc.app, { email: 'ojc-one-time@example.org' });
    const res = await ojc.app.inject({
      method: 'POST',
      url: '/api/ojc/create-payment',
      payload: {
        amount: applied.amount,
        donationType: 'onetime',
        donorName: 'Rivka Katz',
        donorEmail: 'ojc-one-time@example.org',
        membership: applied.token,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(membershipLinkMessages.monthlyOnly);
  });

  it('links a membership only to a monthly gift of its price', async () => {
    const applied = await applyForMembership(ojc.app, { email: 'ojc-wrong@example.org' });
    const res = await ojc.app.inject({
      method: 'POST',
      url: '/api/ojc/create-payment',
      payload: {
        amount: 36,
        donationType: 'subscription',
        donorName: 'Rivka Katz',
        donorEmail: 'ojc-wrong@example.org',
        membership: applied.token,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ amount: 'This membership is $180 a month.' });
    expect(await applied.member()).toMatchObject({ status: 'pending', ojcPaymentId: null });
  });
});
