import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { donations, jobs, ojcSubscriptions } from '~/db/schema';
import {
  buildOjcTestApp,
  chargeOjcPayment,
  testCardKey,
  setUpOjcTestApp,
  startOjcMonthly,
} from '~tests/helpers/ojc';
import { drainOutbox } from '~tests/helpers/stripe';
import { createCardVault, keyIdOf } from './card-vault';
import { chargeMessages } from './charge-messages';
import { addMonths } from '~/shared/schedule';

/** A dedication given without the Hebrew name the Rabbi reads. */
const noHebrew = { hebrewName: null, relation: null, motherHebrewName: null };

const day = 24 * 60 * 60 * 1000;
/** A key retired before the tests start: cards sealed with it must still open. */
const oldKey = Buffer.alloc(32, 3);

const ojc = setUpOjcTestApp({
  OJC_CARD_ENCRYPTION_OLD_KEYS: oldKey.toString('base64'),
});

let cards = 0;
/** A made-up card per gift, so each test tells its gift's charges apart. */
function nextCard() {
  cards += 1;
  return `9000 0000 ${String(1000 + cards)} 4242`;
}
const digits = (card: string) => card.replace(/ /g, '');

/** A monthly gift through the checkout and its first charge; the outbox drained. */
async function startMonthly(card = nextCard()) {
  const gift = await startOjcMonthly(ojc.app, {
    card,
    amount: 72,
    dedication: { kind: 'honor', name: 'Moshe ben Sarah' },
  });
  return { ...gift, card };
}

async function giftOf(giftId: string) {
  const [gift] = await ojc.app.database.db
    .select()
    .from(ojcSubscriptions)
    .where(eq(ojcSubscriptions.id, giftId));
  return gift!;
}

function monthsOf(giftId: string) {
  return ojc.app.database.db
    .select()
    .from(donations)
    .where(eq(donations.ojcSubscriptionId, giftId))
    .orderBy(donations.ojcPeriod);
}

const chargesOf = (card: string) =>
  ojc.standIn.requests.filter((r) => r.body.CardNo === digits(card));

const mailAbout = (text: string) => ojc.app.sentMail.filter((m) => m.text.includes(text));

function cancelTokenOf(text: string) {
  const match = /\/donate\/cancel\?token=(\S+)/.exec(text);
  return match ? decodeURIComponent(match[1]!) : null;
}

function manage(token: string) {
  return ojc.app.inject(`/api/ojc/subscriptions/manage?token=${encodeURIComponent(token)}`);
}

function cancel(payload: unknown) {
  return ojc.app.inject({
    method: 'POST',
    url: '/api/ojc/subscriptions/cancel',
    payload: payload as object,
  });
}

/** Moves the app's time on and runs everything that came due. */
async function advance(ms: number) {
  ojc.app.advanceClock(ms);
  await drainOutbox(ojc.app);
}

describe('monthly OJC gifts', () => {
  it('start with the first charge: the gift, its sealed card, next month queued, a receipt with a cancel link', async () => {
    const { paymentId, giftId, card } = await startMonthly();
    const gift = await giftOf(giftId);
    expect(gift).toMatchObject({
      status: 'active',
      donorName: 'Sarah Cohen',
      email: 'sarah@example.org',
      amountCents: 7200,
      cardLast4: '4242',
      cardExpiry: '1239',
      periodsCharged: 1,
      dedicationKind: 'honor',
    });
    expect(gift.cardSealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(gift.cardSealed).not.toContain(digits(card));
    expect(gift.nextChargeAt).toEqual(addMonths(gift.startedAt, 1));
    const [job] = await ojc.app.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `ojc-renewal:${giftId}:2`));
    expect(job).toMatchObject({
      kind: 'ojc.renewal',
      status: 'pending',
      payload: { giftId, period: 2 },
    });
    expect(job!.runAt).toEqual(gift.nextChargeAt);

    const [receipt] = mailAbout(paymentId);
    expect(receipt!.text).toContain('Monthly donation');
    const token = cancelTokenOf(receipt!.text);
    expect(token).toBeTruthy();
    expect(receipt!.html).toContain('/donate/cancel?token=');
    const res = await manage(token!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      gift: {
        amountCents: 7200,
        currency: 'usd',
        donorName: 'Sarah Cohen',
        status: 'active',
        cardLast4: '4242',
        nextChargeAt: gift.nextChargeAt!.toISOString(),
        dedication: { kind: 'honor', name: 'Moshe ben Sarah', ...noHebrew },
      },
    });
  });

  it('charge the card again a month later: a new donation, its receipt with a fresh cancel link', async () => {
    const { paymentId, giftId, card } = await startMonthly();
    const firstToken = cancelTokenOf(mailAbout(paymentId)[0]!.text);
    await advance(32 * day);

    const months = await monthsOf(giftId);
    expect(months.map((m) => [m.ojcPeriod, m.paymentStatus])).toEqual([
      [1, 'succeeded'],
      [2, 'succeeded'],
    ]);
    const renewal = months[1]!;
    expect(renewal).toMatchObject({
      amountCents: 7200,
      donationType: 'subscription',
      paymentMethod: 'ojc',
      cardLast4: '4242',
      dedicationName: 'Moshe ben Sarah',
      ojcReference: expect.stringMatching(/^OJC/),
    });
    expect(chargesOf(card).map((r) => r.body.ExternalreferenceId)).toEqual([paymentId, renewal.id]);
    expect(chargesOf(card)[1]!.body).toMatchObject({
      ExpDate: '1239',
      Amount: 72,
      SplitByMonths: 0,
    });

    const [receipt] = mailAbout(renewal.id);
    expect(receipt).toMatchObject({ to: 'sarah@example.org' });
    const token = cancelTokenOf(receipt!.text);
    expect(token).toBeTruthy();
    expect(token).not.toBe(firstToken);

    const gift = await giftOf(giftId);
    expect(gift.periodsCharged).toBe(2);
    expect(gift.nextChargeAt).toEqual(addMonths(gift.startedAt, 2));
    // Only the renewal job charges a later month: the payment page cannot.
    const viaPage = await chargeOjcPayment(ojc.app, renewal.id);
    expect(viaPage.statusCode).toBe(404);

    const [next] = await ojc.app.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `ojc-renewal:${giftId}:3`));
    expect(next).toMatchObject({ status: 'pending' });
  });

  it('stop when a month is declined: the gift fails, its card is wiped, donor and office are told', async () => {
    const card = nextCard();
    const { giftId } = await startMonthly(card);
    ojc.standIn.answerCard(digits(card), 462);
    await advance(32 * day);

    const months = await monthsOf(giftId);
    expect(months.map((m) => m.paymentStatus)).toEqual(['succeeded', 'failed']);
    const gift = await giftOf(giftId);
    expect(gift).toMatchObject({ status: 'failed', cardSealed: null, nextChargeAt: null });
    expect(gift.failedAt).toBeInstanceOf(Date);

    const donorMail = ojc.app.sentMail.find(
      (m) =>
        m.to === 'sarah@example.org' && m.text.includes('This OJC card is invalid or inactive.'),
    );
    expect(donorMail!.subject).toContain('could not be charged');
    expect(donorMail!.text).toContain('https://tziyun.test/donate');
    const officeMail = mailAbout(months[1]!.id).find((m) =>
      m.subject.startsWith('Monthly OJC gift declined'),
    );
    expect(officeMail!.to).toBe(ojc.app.officeEmail);
    expect(officeMail!.text).toContain(giftId);

    // Nothing more is charged.
    await advance(40 * day);
    expect(chargesOf(card)).toHaveLength(2);
  });

  it('stop once cancelled from the link: the month already queued charges nothing', async () => {
    const { paymentId, giftId, card } = await startMonthly();
    const token = cancelTokenOf(mailAbout(paymentId)[0]!.text)!;
    const res = await cancel({ token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      success: true,
      gift: { status: 'canceled', nextChargeAt: null, cardLast4: '4242' },
    });
    const gift = await giftOf(giftId);
    expect(gift).toMatchObject({ status: 'canceled', cardSealed: null });
    expect(gift.canceledAt).toBeInstanceOf(Date);

    const again = await cancel({ token });
    expect(again.statusCode).toBe(200);
    expect(again.json().gift.status).toBe('canceled');

    await advance(32 * day);
    expect(chargesOf(card)).toHaveLength(1);
    expect(await monthsOf(giftId)).toHaveLength(1);
    const [job] = await ojc.app.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `ojc-renewal:${giftId}:2`));
    expect(job!.status).toBe('succeeded');
  });

  it('keep a month for later when OJC is down, and charge it once OJC is back', async () => {
    const { giftId, card } = await startMonthly();
    await ojc.standIn.down();
    try {
      await advance(32 * day);
    } finally {
      await ojc.standIn.up();
    }
    const [pending] = (await monthsOf(giftId)).slice(1);
    expect(pending).toMatchObject({ paymentStatus: 'pending', ojcChargingSince: null });
    const [job] = await ojc.app.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'ojc.renewal'), eq(jobs.idempotencyKey, `ojc-renewal:${giftId}:2`)));
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job!.lastError).toContain('tried again');

    await advance(2 * 60 * 60 * 1000);
    const months = await monthsOf(giftId);
    expect(months.map((m) => m.paymentStatus)).toEqual(['succeeded', 'succeeded']);
    expect(chargesOf(card).filter((r) => r.answer === 200)).toHaveLength(2);
  });

  it('open cards sealed with a retired key, and seal them again with the current one', async () => {
    const { giftId, card } = await startMonthly();
    await ojc.app.database.db
      .update(ojcSubscriptions)
      .set({ cardSealed: createCardVault(oldKey).seal(digits(card), giftId) })
      .where(eq(ojcSubscriptions.id, giftId));
    await advance(32 * day);
    expect(chargesOf(card).at(-1)!.body.CardNo).toBe(digits(card));
    const gift = await giftOf(giftId);
    expect(gift.periodsCharged).toBe(2);
    expect(gift.cardSealed!.split('.')[1]).toBe(keyIdOf(Buffer.from(testCardKey, 'base64')));
  });
});

describe('the cancel link', () => {
  let giftId: string;
  beforeAll(async () => {
    ({ giftId } = await startMonthly());
  });

  const sign = (purpose: string, subject: string, inMs: number) =>
    ojc.app.linkSigner.sign(purpose, subject, new Date(ojc.app.clock().getTime() + inMs));

  it('refuses an expired link (400 link_expired), leaving the gift as it was', async () => {
    const token = sign('cancel-ojc-gift', giftId, -1000);
    for (const res of [await manage(token), await cancel({ token })]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'link_expired',
        message: 'This link has expired. Each receipt carries a new one, or contact us.',
      });
    }
    expect((await giftOf(giftId)).status).toBe('active');
  });

  it('refuses a forged link, or one signed for something else (400 bad_request)', async () => {
    const good = sign('cancel-ojc-gift', giftId, day);
    const [payload, signature] = good.split('.');
    // Another first character: six bits of the signature itself, never equal to the original
    // (ending it in "AA" left it as it was whenever it already ended so).
    const forged = `${payload}.${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
    const otherPurpose = sign('manage-stripe-gift', giftId, day);
    for (const token of [forged, otherPurpose, 'not-a-token']) {
      for (const res of [await manage(token), await cancel({ token })]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toEqual({
          code: 'bad_request',
          message: 'This link is not valid.',
        });
      }
    }
    expect((await giftOf(giftId)).status).toBe('active');
  });

  it('answers 404 for a gift that does not exist', async () => {
    const token = sign('cancel-ojc-gift', crypto.randomUUID(), day);
    expect((await manage(token)).statusCode).toBe(404);
    expect((await cancel({ token })).statusCode).toBe(404);
  });

  it('refuses a missing or over-long token with a field message', async () => {
    for (const payload of [{}, { token: '' }, { token: 'x'.repeat(600) }, { token: 42 }]) {
      const res = await cancel(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.fields.token).toBeDefined();
    }
    expect((await ojc.app.inject('/api/ojc/subscriptions/manage')).statusCode).toBe(400);
  });
});

describe('a monthly charge without the card key', () => {
  it('is refused (503) before OJC is called, even for a payment created earlier', async () => {
    const noKey = await buildOjcTestApp(ojc.standIn, { OJC_CARD_ENCRYPTION_KEY: '' });
    try {
      const [row] = await noKey.database.db
        .insert(donations)
        .values({
          donorName: 'Sarah Cohen',
          email: 'sarah@example.org',
          amountCents: 7200,
          donationType: 'subscription',
          paymentMethod: 'ojc',
        })
        .returning();
      const calls = ojc.standIn.requests.length;
      const res = await chargeOjcPayment(noKey, row!.id);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe(chargeMessages.monthlyNotSetUp);
      expect(ojc.standIn.requests.length).toBe(calls);
    } finally {
      await noKey.close();
    }
  });
});
