import { describe, expect, it } from 'vitest';
import { donations } from '~/db/schema';
import { buildTestApp } from '~tests/helpers/app';
import { countDecline } from '~/server/plugins/global-rate-limit';
import { buildOjcTestApp, donor, type OjcTestApp, setUpOjcTestApp } from '~tests/helpers/ojc';

const ojc = setUpOjcTestApp();

const valid = { amount: 36, donationType: 'onetime', ...donor };

function post(payload: unknown, target: OjcTestApp = ojc.app) {
  return target.inject({
    method: 'POST',
    url: '/api/ojc/create-payment',
    payload: payload as object,
  });
}

describe('POST /api/ojc/create-payment', () => {
  it('stores a pending OJC donation and answers with this site’s payment page', async () => {
    const res = await post({
      ...valid,
      donorName: '  Sarah Cohen ',
      donorEmail: 'Sarah@Example.org',
      dedication: { kind: 'honor', name: 'Rivka bat Leah' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: expect.stringContaining('OJC'),
      payment: {
        paymentId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        paymentUrl: `https://tziyun.test/checkout/ojc/${body.payment.paymentId}`,
      },
    });
    expect(await ojc.donationOf(body.payment.paymentId)).toMatchObject({
      donorName: 'Sarah Cohen',
      email: 'sarah@example.org',
      phone: '845-555-0100',
      amountCents: 3600,
      feeCents: 0,
      currency: 'usd',
      donationType: 'onetime',
      paymentMethod: 'ojc',
      paymentStatus: 'pending',
      dedicationKind: 'honor',
      dedicationName: 'Rivka bat Leah',
      donatedAt: null,
      cardLast4: null,
    });
    // Nothing is charged until the payment page sends the card.
    expect(ojc.standIn.requests).toHaveLength(0);
  });

  it('computes the covered fee on the server (2.9% + 30¢ by default)', async () => {
    const res = await post({ ...valid, amount: 100, coverFee: true });
    expect(await ojc.donationOf(res.json().payment.paymentId)).toMatchObject({
      amountCents: 10330,
      feeCents: 330,
    });
  });

  it('takes a monthly gift, and no phone', async () => {
    const res = await post({ ...valid, donationType: 'subscription', donorPhone: '' });
    expect(await ojc.donationOf(res.json().payment.paymentId)).toMatchObject({
      donationType: 'subscription',
      phone: null,
    });
  });

  it('returns the same payment for a double submit with the same idempotency key', async () => {
    const before = await ojc.app.database.db.$count(donations);
    const idempotencyKey = `checkout-${crypto.randomUUID()}`;
    const [first, second] = await Promise.all([
      post({ ...valid, idempotencyKey }),
      post({ ...valid, idempotencyKey }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().payment).toEqual(first.json().payment);
    expect(await ojc.app.database.db.$count(donations)).toBe(before + 1);
  });

  it('refuses the same idempotency key with another amount (409), storing nothing', async () => {
    const idempotencyKey = `checkout-${crypto.randomUUID()}`;
    expect((await post({ ...valid, idempotencyKey })).statusCode).toBe(200);
    const before = await ojc.app.database.db.$count(donations);
    const res = await post({ ...valid, amount: 3600, idempotencyKey });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('conflict');
    expect(await ojc.app.database.db.$count(donations)).toBe(before);
  });

  it('answers a filled honeypot as if it worked, storing nothing', async () => {
    const before = await ojc.app.database.db.$count(donations);
    const res = await post({ ...valid, website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, payment: { paymentId: expect.any(String) } });
    expect(await ojc.app.database.db.$count(donations)).toBe(before);
    const page = await ojc.app.inject(`/api/ojc/payments/${res.json().payment.paymentId}`);
    expect(page.statusCode).toBe(404);
  });

  it.each([
    ['donorName', { donorName: '' }, 'Name is required'],
    ['donorName', { donorName: '   ' }, 'Name is required'],
    ['donorName', { donorName: undefined }, 'Name is required'],
    ['donorName', { donorName: ' S ' }, 'Name must be at least 2 characters'],
    ['donorName', { donorName: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    ['donorEmail', { donorEmail: '' }, 'Email is required'],
    ['donorEmail', { donorEmail: undefined }, 'Email is required'],
    ['donorEmail', { donorEmail: 'sarah@example' }, 'Please enter a valid email address'],
    ['donorEmail', { donorEmail: 'not-an-email' }, 'Please enter a valid email address'],
    ['donorPhone', { donorPhone: 'call me' }, 'Please enter a valid phone number'],
    ['donationType', { donationType: 'weekly' }, 'Choose a one-time or a monthly gift'],
    ['donationType', { donationType: undefined }, 'Choose a one-time or a monthly gift'],
    [
      'dedication.kind',
      { dedication: { kind: 'birthday', name: 'Leah' } },
      'Choose in honor of, in memory of, l’ilui nishmas or refuah shleimah',
    ],
    [
      'dedication.name',
      { dedication: { kind: 'memory', name: ' ' } },
      'Dedication name is required',
    ],
    ['coverFee', { coverFee: 'yes' }, 'coverFee must be true or false'],
    [
      'idempotencyKey',
      { idempotencyKey: 'short' },
      'idempotencyKey must be 16 to 100 letters, digits, - or _',
    ],
  ])('refuses a bad %s (%j) with its message, storing nothing', async (field, change, message) => {
    const before = await ojc.app.database.db.$count(donations);
    const res = await post({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { [field]: message },
    });
    expect(await ojc.app.database.db.$count(donations)).toBe(before);
  });

  it.each([
    [0, 'Amount must be at least $1'],
    [-5, 'Amount must be at least $1'],
    [1.5, 'Amount must be in whole dollars'],
    [25_001, 'Amount must be at most $25,000'],
    ['36', 'Amount must be a number of whole dollars'],
    [undefined, 'Amount is required'],
  ])('refuses the amount %j like the card checkout', async (amount, message) => {
    const res = await post({ ...valid, amount });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ amount: message });
  });

  it('accepts the bounds, $1 and $25,000', async () => {
    expect((await post({ ...valid, amount: 1 })).statusCode).toBe(200);
    expect((await post({ ...valid, amount: 25_000 })).statusCode).toBe(200);
  });

  it('names every bad field at once, and refuses what is not JSON', async () => {
    const res = await post({});
    expect(Object.keys(res.json().error.fields).sort()).toEqual([
      'amount',
      'donationType',
      'donorEmail',
      'donorName',
    ]);
    const text = await ojc.app.inject({
      method: 'POST',
      url: '/api/ojc/create-payment',
      payload: 'amount=36',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
  });
});

describe('OJC payment setup limits and settings', () => {
  it('limits setups per IP like the card checkout (429 with Retry-After)', async () => {
    const limited = await buildOjcTestApp(ojc.standIn, { DONATION_RATE_LIMIT: '2' });
    try {
      expect((await post(valid, limited)).statusCode).toBe(200);
      expect((await post(valid, limited)).statusCode).toBe(200);
      const res = await post(valid, limited);
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('limits setups from everyone together while cards are declined', async () => {
    const limited = await buildOjcTestApp(ojc.standIn, {
      DONATION_GLOBAL_RATE_LIMIT: '1',
      DONATION_DECLINE_ALARM: '1',
    });
    try {
      await countDecline(limited);
      expect((await post(valid, limited)).statusCode).toBe(200);
      // Over the ceiling, but the network's first setup over it goes through (ADR 046).
      expect((await post(valid, limited)).statusCode).toBe(200);
      const res = await post(valid, limited);
      expect(res.statusCode).toBe(429);
      expect(res.json().error.message).toContain('Too many donations');
    } finally {
      await limited.close();
    }
  });

  it('answers 503 when OJC is not set up, saying so plainly', async () => {
    const bare = await buildTestApp();
    try {
      const res = await post(valid, bare);
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        code: 'unavailable',
        message: expect.stringContaining('OJC Fund payments are not set up on this site'),
      });
      expect(await bare.database.db.$count(donations)).toBe(0);
    } finally {
      await bare.close();
    }
  });

  it('refuses a monthly gift without the card key (503) while one-time works', async () => {
    const noKey = await buildOjcTestApp(ojc.standIn, { OJC_CARD_ENCRYPTION_KEY: '' });
    try {
      const monthly = await post({ ...valid, donationType: 'subscription' }, noKey);
      expect(monthly.statusCode).toBe(503);
      expect(monthly.json().error.message).toContain('Monthly OJC gifts are not set up');
      expect((await post(valid, noKey)).statusCode).toBe(200);
    } finally {
      await noKey.close();
    }
  });
});
