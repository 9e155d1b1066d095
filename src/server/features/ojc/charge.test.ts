import { describe, expect, it } from 'vitest';
import { donations } from '~/db/schema';
import {
  buildOjcTestApp,
  chargeOjcPayment,
  createOjcPayment,
  testCardDigits,
  setUpOjcTestApp,
} from '~tests/helpers/ojc';
import { ojcTestCredentials } from '~tests/helpers/ojc-stand-in';
import { drainOutbox } from '~tests/helpers/stripe';
import { chargeMessages, declineMessages } from './charge-messages';

const ojc = setUpOjcTestApp();

/** OJC's requests about one payment. */
const callsFor = (paymentId: string) =>
  ojc.standIn.requests.filter((r) => r.body.ExternalreferenceId === paymentId);

describe('POST /api/ojc/payments/:paymentId/charge', () => {
  it('charges OJC once with Basic auth and records the success, its reference and a receipt', async () => {
    const paymentId = await createOjcPayment(ojc.app, {
      amount: 100,
      coverFee: true,
      dedication: { kind: 'memory', name: 'Rivka bat Leah' },
    });
    const res = await chargeOjcPayment(ojc.app, paymentId, { cardNumber: '9000-1234-5678-4242' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      success: true,
      payment: {
        paymentId,
        amountCents: 10330,
        feeCents: 330,
        currency: 'usd',
        donationType: 'onetime',
        donorName: 'Sarah Cohen',
        dedication: {
          kind: 'memory',
          name: 'Rivka bat Leah',
          hebrewName: null,
          relation: null,
          motherHebrewName: null,
        },
        status: 'succeeded',
        cardLast4: '4242',
        donatedAt: expect.any(String),
      },
    });
    const [call] = callsFor(paymentId);
    expect(call).toMatchObject({
      authorized: true,
      body: {
        CardNo: testCardDigits,
        ExpDate: '1239',
        OrgId: ojcTestCredentials.orgId,
        Amount: 103.3,
        ExternalreferenceId: paymentId,
        SplitByMonths: 0,
      },
    });
    const row = await ojc.donationOf(paymentId);
    expect(row).toMatchObject({
      paymentStatus: 'succeeded',
      cardLast4: '4242',
      ojcReference: expect.stringMatching(/^OJC\d+$/),
      ojcChargingSince: null,
    });
    expect(row.donatedAt).toBeInstanceOf(Date);

    await drainOutbox(ojc.app);
    const receipt = ojc.app.sentMail.find((m) => m.text.includes(paymentId));
    expect(receipt).toMatchObject({ to: 'sarah@example.org' });
    expect(receipt!.text).toContain('OJC Fund charity card');
    expect(receipt!.text).toContain('$103.30');
    expect(row.receiptNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(receipt!.text).toContain(`Receipt number: ${row.receiptNumber}`);
    expect(receipt!.text).toContain('In memory of Rivka bat Leah');
    expect(receipt!.text).not.toContain('/donate/cancel');
  });

  it('reads the payment for its page, before and after (no-store)', async () => {
    const paymentId = await createOjcPayment(ojc.app, { amount: 18 });
    const before = await ojc.app.inject(`/api/ojc/payments/${paymentId}`);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.json().payment).toMatchObject({
      paymentId,
      amountCents: 1800,
      status: 'pending',
      cardLast4: null,
      donatedAt: null,
      dedication: null,
    });
    await chargeOjcPayment(ojc.app, paymentId);
    const after = await ojc.app.inject(`/api/ojc/payments/${paymentId}`);
    expect(after.json().payment).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
  });

  it('answers 404 for an unknown payment and 400 for a malformed id', async () => {
    const unknown = crypto.randomUUID();
    expect((await ojc.app.inject(`/api/ojc/payments/${unknown}`)).statusCode).toBe(404);
    expect((await chargeOjcPayment(ojc.app, unknown)).statusCode).toBe(404);
    const malformed = await ojc.app.inject('/api/ojc/payments/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ paymentId: 'This payment link is not valid.' });
    expect((await chargeOjcPayment(ojc.app, '1')).statusCode).toBe(400);
  });

  it.each([
    [406, declineMessages[406]],
    [451, "This gift is over your OJC card's available limit."],
    [452, "Your OJC card's daily limit has been reached. Please try again tomorrow."],
    [462, 'This OJC card is invalid or inactive.'],
  ])(
    'maps OJC’s %i to 402 with the donor’s message; the donor may try again',
    async (status, message) => {
      const paymentId = await createOjcPayment(ojc.app);
      ojc.standIn.answerNext(status);
      const res = await chargeOjcPayment(ojc.app, paymentId);
      expect(res.statusCode).toBe(402);
      expect(res.json().error).toEqual({ code: 'payment_declined', message });
      expect(await ojc.donationOf(paymentId)).toMatchObject({
        paymentStatus: 'failed',
        ojcDeclines: 1,
        ojcChargingSince: null,
        cardLast4: null,
      });
      const page = await ojc.app.inject(`/api/ojc/payments/${paymentId}`);
      expect(page.json().payment.status).toBe('failed');
      const retry = await chargeOjcPayment(ojc.app, paymentId);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().payment.status).toBe('succeeded');
    },
  );

  it('maps 461 (organisation not set up) to 502 and tells the donor to contact the office', async () => {
    const paymentId = await createOjcPayment(ojc.app);
    ojc.standIn.answerNext(461);
    const res = await chargeOjcPayment(ojc.app, paymentId);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({
      code: 'bad_gateway',
      message: 'OJC Fund payments are not available right now. Please contact us directly.',
    });
    expect(await ojc.donationOf(paymentId)).toMatchObject({
      paymentStatus: 'pending',
      ojcDeclines: 0,
    });
  });

  it('answers 502 when OJC refuses the site’s credentials or organisation', async () => {
    const wrongOrg = await buildOjcTestApp(ojc.standIn, { OJC_ORG_ID: 'another-org' });
    const wrongPassword = await buildOjcTestApp(ojc.standIn, { OJC_PASSWORD: 'not-the-password' });
    try {
      for (const target of [wrongOrg, wrongPassword]) {
        const paymentId = await createOjcPayment(target);
        const res = await chargeOjcPayment(target, paymentId);
        expect(res.statusCode).toBe(502);
        expect(res.json().error.message).toBe(chargeMessages.misconfigured);
      }
      expect(ojc.standIn.requests.slice(-2).map((r) => r.answer)).toEqual([461, 401]);
    } finally {
      await wrongOrg.close();
      await wrongPassword.close();
    }
  });

  it('answers 502 when OJC fails (500): not charged, still pending, can be tried again', async () => {
    const paymentId = await createOjcPayment(ojc.app);
    ojc.standIn.answerNext(500);
    const res = await chargeOjcPayment(ojc.app, paymentId);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(
      'We could not reach OJC Fund. Your card was not charged. Please try again in a few minutes.',
    );
    expect(await ojc.donationOf(paymentId)).toMatchObject({
      paymentStatus: 'pending',
      ojcChargingSince: null,
    });
    expect((await chargeOjcPayment(ojc.app, paymentId)).statusCode).toBe(200);
  });

  it('answers 502 when OJC is down; the payment is kept pending and goes through later', async () => {
    const paymentId = await createOjcPayment(ojc.app);
    await ojc.standIn.down();
    try {
      const res = await chargeOjcPayment(ojc.app, paymentId);
      expect(res.statusCode).toBe(502);
      expect(res.json().error.message).toBe(chargeMessages.unavailable);
      expect(await ojc.donationOf(paymentId)).toMatchObject({
        paymentStatus: 'pending',
        ojcChargingSince: null,
        amountCents: 3600,
      });
    } finally {
      await ojc.standIn.up();
    }
    expect((await chargeOjcPayment(ojc.app, paymentId)).statusCode).toBe(200);
    expect(callsFor(paymentId)).toHaveLength(1);
  });

  it('never charges again after OJC took the request and gave no answer', async () => {
    const paymentId = await createOjcPayment(ojc.app);
    ojc.standIn.answerNext('drop');
    const res = await chargeOjcPayment(ojc.app, paymentId);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(chargeMessages.unconfirmed);
    const again = await chargeOjcPayment(ojc.app, paymentId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(chargeMessages.inProgress);
    expect(callsFor(paymentId)).toHaveLength(1);
    expect(await ojc.donationOf(paymentId)).toMatchObject({ paymentStatus: 'pending' });
    await drainOutbox(ojc.app);
    const notice = ojc.app.sentMail.find((m) => m.subject.startsWith('OJC charge to check'));
    expect(notice!.text).toContain(paymentId);
    expect(notice!.text).toContain('ending in 4242');
  });

  it('refuses a second charge of a paid gift (409) without calling OJC', async () => {
    const paymentId = await createOjcPayment(ojc.app);
    expect((await chargeOjcPayment(ojc.app, paymentId)).statusCode).toBe(200);
    const again = await chargeOjcPayment(ojc.app, paymentId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'conflict', message: chargeMessages.alreadyPaid });
    expect(callsFor(paymentId)).toHaveLength(1);
  });

  it('lets one of several simultaneous charges reach OJC', async () => {
    const paymentId = await createOjcPayment(ojc.app);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => chargeOjcPayment(ojc.app, paymentId)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(callsFor(paymentId)).toHaveLength(1);
  });

  it('refuses a charge while another is with OJC, then records the first', async () => {
    const paymentId = await createOjcPayment(ojc.app);
    const held = ojc.standIn.hold();
    const first = chargeOjcPayment(ojc.app, paymentId);
    await held.waiting;
    const second = await chargeOjcPayment(ojc.app, paymentId);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(chargeMessages.inProgress);
    held.release();
    expect((await first).statusCode).toBe(200);
    expect(callsFor(paymentId)).toHaveLength(1);
  });

  it('stops a payment after 5 declined cards (429), calling OJC no more', async () => {
    const paymentId = await createOjcPayment(ojc.app);
    ojc.standIn.answerNext(406, 406, 406, 406, 406);
    for (let i = 0; i < 5; i += 1)
      expect((await chargeOjcPayment(ojc.app, paymentId)).statusCode).toBe(402);
    const res = await chargeOjcPayment(ojc.app, paymentId);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toEqual({
      code: 'rate_limited',
      message: chargeMessages.tooManyAttempts,
    });
    expect(callsFor(paymentId)).toHaveLength(5);
  });

  it('limits charge attempts per IP', async () => {
    const limited = await buildOjcTestApp(ojc.standIn, { DONATION_RATE_LIMIT: '2' });
    try {
      const paymentId = await createOjcPayment(limited);
      const card = { cardNumber: '' };
      // Bad input counts too: a card tester's guesses are attempts all the same.
      expect((await chargeOjcPayment(limited, paymentId, card)).statusCode).toBe(400);
      expect((await chargeOjcPayment(limited, paymentId, card)).statusCode).toBe(400);
      const res = await chargeOjcPayment(limited, paymentId, card);
      expect(res.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it.each([
    ['cardNumber', { cardNumber: '' }, 'Card number is required'],
    ['cardNumber', { cardNumber: ' - ' }, 'Card number is required'],
    ['cardNumber', { cardNumber: undefined }, 'Card number is required'],
    ['cardNumber', { cardNumber: '1234' }, 'Enter the card number as printed on your OJC card'],
    [
      'cardNumber',
      { cardNumber: '9000 1234 5678 424x' },
      'Enter the card number as printed on your OJC card',
    ],
    ['cardNumber', { cardNumber: 9000123456784242 }, 'Card number is required'],
    ['expiry', { expiry: '' }, 'Expiry is required'],
    ['expiry', { expiry: undefined }, 'Expiry is required'],
    ['expiry', { expiry: '13/30' }, 'There is no month 13: the month is 01 to 12.'],
    ['expiry', { expiry: '00/30' }, 'There is no month 00: the month is 01 to 12.'],
    ['expiry', { expiry: '1/30' }, 'Enter the expiry as MM/YY'],
    ['expiry', { expiry: '12/2030' }, 'Enter the expiry as MM/YY'],
    ['expiry', { expiry: '01/20' }, 'This card has expired'],
  ])('refuses a bad %s (%j) with its message, calling no one', async (field, card, message) => {
    const paymentId = await createOjcPayment(ojc.app);
    const calls = ojc.standIn.requests.length;
    const res = await chargeOjcPayment(ojc.app, paymentId, card);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { [field]: message },
    });
    expect(ojc.standIn.requests.length).toBe(calls);
    expect(await ojc.donationOf(paymentId)).toMatchObject({
      paymentStatus: 'pending',
      ojcDeclines: 0,
    });
  });

  it('takes the expiry as MMYY too', async () => {
    const paymentId = await createOjcPayment(ojc.app);
    expect((await chargeOjcPayment(ojc.app, paymentId, { expiry: '0738' })).statusCode).toBe(200);
    expect(callsFor(paymentId)[0]!.body.ExpDate).toBe('0738');
  });

  it('does not charge a payment made by card', async () => {
    const [stripeRow] = await ojc.app.database.db
      .insert(donations)
      .values({ amountCents: 500, donationType: 'onetime', paymentMethod: 'stripe' })
      .returning();
    expect((await chargeOjcPayment(ojc.app, stripeRow!.id)).statusCode).toBe(404);
    expect((await ojc.app.inject(`/api/ojc/payments/${stripeRow!.id}`)).statusCode).toBe(404);
  });
});
