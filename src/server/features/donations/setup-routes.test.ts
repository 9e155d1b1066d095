import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { donations, stripeSubscriptions } from '~/db/schema';
import { buildTestApp } from '~tests/helpers/app';
import {
  buildStripeTestApp,
  testPublishableKey,
  testWebhookSecret,
  setUpStripeTestApp,
  type StripeTestApp,
} from '~tests/helpers/stripe';
import { startStripeStandIn } from '~tests/helpers/stripe-stand-in';
import { countDecline } from '~/server/plugins/global-rate-limit';
import { STRIPE_API_VERSION } from './stripe-client';

const t = setUpStripeTestApp();

const key = () => `checkout-${crypto.randomUUID()}`;

function post(url: string, payload: unknown, target: StripeTestApp = t.app) {
  return target.inject({ method: 'POST', url, payload: payload as object });
}

describe('POST /api/create-payment-intent', () => {
  it('creates a PaymentIntent for the amount in cents and stores a pending donation', async () => {
    const res = await post('/api/create-payment-intent', {
      amount: 36,
      name: 'Sarah Cohen',
      email: 'Sarah@Example.org',
      dedication: { kind: 'memory', name: 'Rivka bat Leah' },
    });
    expect(res.statusCode).toBe(200);
    const { clientSecret } = res.json();
    const pi = t.standIn.intentOfClientSecret(clientSecret);
    expect(pi).toMatchObject({ amount: 3600, currency: 'usd', status: 'requires_payment_method' });
    const [request] = t.standIn.requestsTo('POST', '/v1/payment_intents').slice(-1);
    expect(request!.stripeVersion).toBe(STRIPE_API_VERSION);
    expect(request!.params).toMatchObject({
      amount: '3600',
      automatic_payment_methods: { enabled: 'true' },
      metadata: { source: 'tziyun-donations', donation_type: 'onetime', fee_cents: '0' },
    });
    expect(await t.donationOf(pi.id)).toMatchObject({
      donorName: 'Sarah Cohen',
      email: 'sarah@example.org',
      amountCents: 3600,
      feeCents: 0,
      donationType: 'onetime',
      paymentMethod: 'stripe',
      paymentStatus: 'pending',
      dedicationKind: 'memory',
      dedicationName: 'Rivka bat Leah',
      donatedAt: null,
    });
  });

  it('adds the processing fee when the donor covers it (2.9% + 30¢ by default)', async () => {
    const res = await post('/api/create-payment-intent', { amount: 100, coverFee: true });
    const pi = t.standIn.intentOfClientSecret(res.json().clientSecret);
    // (10000 + 30) / 0.971 = 10329.56…, rounded up.
    expect(pi.amount).toBe(10330);
    expect(await t.donationOf(pi.id)).toMatchObject({ amountCents: 10330, feeCents: 330 });
  });

  it('sets up one payment for a double submit with the same idempotency key', async () => {
    const before = await t.app.database.db.$count(donations);
    const idempotencyKey = key();
    const [first, second] = await Promise.all([
      post('/api/create-payment-intent', { amount: 72, idempotencyKey }),
      post('/api/create-payment-intent', { amount: 72, idempotencyKey }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.json().clientSecret).toBe(first.json().clientSecret);
    const sent = t.standIn.requestsTo('POST', '/v1/payment_intents').slice(-2);
    expect(sent.map((r) => r.idempotencyKey)).toEqual([
      `donation:payment-intent:${idempotencyKey}`,
      `donation:payment-intent:${idempotencyKey}`,
    ]);
    expect(await t.app.database.db.$count(donations)).toBe(before + 1);
  });

  it('refuses the same idempotency key with another amount (409), creating nothing', async () => {
    const idempotencyKey = key();
    expect(
      (await post('/api/create-payment-intent', { amount: 18, idempotencyKey })).statusCode,
    ).toBe(200);
    const before = await t.app.database.db.$count(donations);
    const res = await post('/api/create-payment-intent', { amount: 1800, idempotencyKey });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('already started with other details');
    expect(await t.app.database.db.$count(donations)).toBe(before);
  });

  it.each([
    [0, 'Amount must be at least $1'],
    [-1, 'Amount must be at least $1'],
    [1.5, 'Amount must be in whole dollars'],
    [0.5, 'Amount must be in whole dollars'],
    [25_001, 'Amount must be at most $25,000'],
    ['36', 'Amount must be a number of whole dollars'],
    ['abc', 'Amount must be a number of whole dollars'],
    [null, 'Amount must be a number of whole dollars'],
    [undefined, 'Amount is required'],
  ])('refuses the amount %j with a field message, calling no one', async (amount, message) => {
    const calls = t.standIn.requests.length;
    for (const url of ['/api/create-payment-intent', '/api/create-subscription']) {
      const res = await post(url, { amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        fields: { amount: message },
      });
    }
    expect(t.standIn.requests.length).toBe(calls);
  });

  it('accepts the bounds, $1 and $25,000', async () => {
    expect((await post('/api/create-payment-intent', { amount: 1 })).statusCode).toBe(200);
    expect((await post('/api/create-payment-intent', { amount: 25_000 })).statusCode).toBe(200);
  });

  it('refuses a bad email, dedication or idempotency key with field messages', async () => {
    const res = await post('/api/create-payment-intent', {
      amount: 36,
      email: 'not-an-email',
      dedication: { kind: 'birthday', name: '' },
      idempotencyKey: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual([
      'dedication.kind',
      'dedication.name',
      'email',
      'idempotencyKey',
    ]);
  });
});

describe('the honeypot on payment setups', () => {
  it('answers a bot as if it worked, never calling Stripe or storing anything', async () => {
    const before = t.standIn.requests.length;
    const rowsBefore = await t.app.database.db.$count(donations);
    for (const url of ['/api/create-payment-intent', '/api/create-subscription']) {
      const res = await post(url, { amount: 36, email: 'bot@example.org', website: 'http://spam' });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().clientSecret).toMatch(/^pi_[0-9a-f]+_secret_[0-9a-f]+$/);
    }
    expect(t.standIn.requests.length).toBe(before);
    expect(await t.app.database.db.$count(donations)).toBe(rowsBefore);
  });
});

describe('POST /api/create-subscription', () => {
  it('creates a customer and a default_incomplete monthly subscription, stored pending', async () => {
    const res = await post('/api/create-subscription', {
      amount: 180,
      email: 'yosef@example.org',
      name: 'Yosef Levi',
      coverFee: true,
    });
    expect(res.statusCode).toBe(200);
    const pi = t.standIn.intentOfClientSecret(res.json().clientSecret);
    const [request] = t.standIn.requestsTo('POST', '/v1/subscriptions').slice(-1);
    expect(request!.params).toMatchObject({
      payment_behavior: 'default_incomplete',
      items: [
        {
          price_data: {
            currency: 'usd',
            product: 'tziyun_monthly_donation',
            recurring: { interval: 'month' },
            unit_amount: '18569',
          },
        },
      ],
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
    });
    const row = await t.donationOf(pi.id);
    expect(row).toMatchObject({
      donationType: 'subscription',
      paymentStatus: 'pending',
      amountCents: 18569,
      feeCents: 569,
      email: 'yosef@example.org',
    });
    expect(row!.stripeInvoiceId).toMatch(/^in_/);
    const [subscription] = await t.app.database.db
      .select()
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.id, row!.stripeSubscriptionId!));
    expect(subscription).toMatchObject({ status: 'incomplete', amountCents: 18569, feeCents: 569 });
    expect(subscription!.customerId).toMatch(/^cus_/);
  });

  it('creates the reusable product once', async () => {
    await post('/api/create-subscription', { amount: 18 });
    expect(t.standIn.requestsTo('POST', '/v1/products')).toHaveLength(1);
  });

  it('sets up one subscription for a double submit', async () => {
    const idempotencyKey = key();
    const subsBefore = t.standIn.requestsTo('POST', '/v1/subscriptions').length;
    const rowsBefore = await t.app.database.db.$count(stripeSubscriptions);
    const first = await post('/api/create-subscription', { amount: 36, idempotencyKey });
    const second = await post('/api/create-subscription', { amount: 36, idempotencyKey });
    expect(second.json().clientSecret).toBe(first.json().clientSecret);
    expect(t.standIn.requestsTo('POST', '/v1/subscriptions').length).toBe(subsBefore + 2);
    expect(await t.app.database.db.$count(stripeSubscriptions)).toBe(rowsBefore + 1);
  });
});

describe('the customer of a monthly gift', () => {
  const customerOf = async (subscriptionId: string) => {
    const [row] = await t.app.database.db
      .select()
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.id, subscriptionId));
    return row!.customerId;
  };

  it('is the one this site made for the same email before; another email gets its own', async () => {
    const first = await t.startMonthly({ amount: 18, email: 'again@example.org', name: 'Dov' });
    const created = t.standIn.requestsTo('POST', '/v1/customers').length;
    const second = await t.startMonthly({ amount: 36, email: 'Again@Example.org' });
    expect(second.subscriptionId).not.toBe(first.subscriptionId);
    expect(await customerOf(second.subscriptionId)).toBe(await customerOf(first.subscriptionId));
    expect(t.standIn.requestsTo('POST', '/v1/customers')).toHaveLength(created);
    expect(t.standIn.requestsTo('POST', '/v1/subscriptions').at(-1)!.params.customer).toBe(
      await customerOf(first.subscriptionId),
    );

    const other = await t.startMonthly({ amount: 18, email: 'someone-else@example.org' });
    expect(await customerOf(other.subscriptionId)).not.toBe(await customerOf(first.subscriptionId));
    const anonymous = await t.startMonthly({ amount: 18 });
    expect(await customerOf(anonymous.subscriptionId)).not.toBe(
      await customerOf(first.subscriptionId),
    );
  });

  it('is new when the earlier one was deleted at Stripe', async () => {
    const first = await t.startMonthly({ amount: 18, email: 'deleted@example.org' });
    const earlier = await customerOf(first.subscriptionId);
    // The office deletes the customer in Stripe's dashboard.
    t.standIn.deleteCustomer(earlier);
    const second = await t.startMonthly({ amount: 18, email: 'deleted@example.org' });
    const fresh = await customerOf(second.subscriptionId);
    expect(fresh).not.toBe(earlier);
    expect(t.standIn.hasCustomer(fresh)).toBe(true);
  });

  it('is deleted when the subscription cannot be created; the page’s retry gets a new one', async () => {
    await t.startMonthly({ amount: 18 }); // the product exists
    const idempotencyKey = key();
    const payload = { amount: 54, email: 'orphan@example.org', idempotencyKey };
    const customersBefore = new Set(t.standIn.customerIds());
    // Both of the SDK's tries of the subscription fail.
    t.standIn.failNextTo('POST', '/v1/subscriptions', { status: 500 }, { status: 500 });
    const failed = await post('/api/create-subscription', payload);
    expect(failed.statusCode).toBe(502);
    const made = t.standIn.customerIds().filter((id) => !customersBefore.has(id));
    expect(made).toHaveLength(1);
    expect(t.standIn.hasCustomer(made[0]!)).toBe(false);
    expect(t.standIn.requestsTo('DELETE', `/v1/customers/${made[0]}`)).toHaveLength(1);

    // The donor presses Donate again on the same page (same idempotency key): Stripe replays
    // the deleted customer, so a new one is made and the subscription is set up with it.
    const retried = await post('/api/create-subscription', payload);
    expect(retried.statusCode, retried.body).toBe(200);
    const pi = t.standIn.intentOfClientSecret(retried.json().clientSecret);
    const row = await t.donationOf(pi.id);
    const customer = await customerOf(row.stripeSubscriptionId!);
    expect(customer).not.toBe(made[0]);
    expect(t.standIn.hasCustomer(customer)).toBe(true);
  });

  it.each([
    ['replayed for the page key', null],
    ['reused for the email', 'twice@example.org'],
  ])(
    'is never deleted when an earlier request made it (%s): a resubmit with other details is 409',
    async (_how, email) => {
      const idempotencyKey = key();
      const gift = { amount: 18, email, idempotencyKey };
      const first = await post('/api/create-subscription', gift);
      expect(first.statusCode).toBe(200);
      const pi = t.standIn.intentOfClientSecret(first.json().clientSecret);
      const customer = await customerOf((await t.donationOf(pi.id)).stripeSubscriptionId!);
      // The same page key with another fee: Stripe refuses the subscription's key (409 here)…
      const second = await post('/api/create-subscription', { ...gift, coverFee: true });
      expect(second.statusCode).toBe(409);
      // …and the first gift keeps its customer.
      expect(t.standIn.requestsTo('DELETE', `/v1/customers/${customer}`)).toHaveLength(0);
      expect(t.standIn.hasCustomer(customer)).toBe(true);
    },
  );
});

describe('when Stripe fails', () => {
  it('answers 502 with a clear message when Stripe answers 5xx, and stores nothing', async () => {
    const before = await t.app.database.db.$count(donations);
    // The SDK retries once: both tries fail.
    t.standIn.failNext({ status: 500 }, { status: 500 });
    const res = await post('/api/create-payment-intent', { amount: 36 });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({
      code: 'bad_gateway',
      message:
        'The card payment service could not be reached. No payment was taken; please try again in a few minutes.',
    });
    expect(await t.app.database.db.$count(donations)).toBe(before);
  });

  it(
    'answers within 12 s when Stripe never answers (5 s a try, one retry), not 40 s',
    { timeout: 30_000 },
    async () => {
      const before = t.standIn.requestsTo('POST', '/v1/payment_intents').length;
      t.standIn.hang(2);
      const started = Date.now();
      const res = await post('/api/create-payment-intent', { amount: 36 });
      const waited = Date.now() - started;
      expect(res.statusCode).toBe(502);
      expect(waited).toBeGreaterThanOrEqual(10_000);
      expect(waited).toBeLessThan(12_000);
      expect(t.standIn.requestsTo('POST', '/v1/payment_intents')).toHaveLength(before + 2);
    },
  );

  it('answers 502 when Stripe cannot be reached at all', async () => {
    const gone = await startStripeStandIn();
    await gone.close();
    const down = await buildStripeTestApp(gone);
    try {
      for (const url of ['/api/create-payment-intent', '/api/create-subscription']) {
        const res = await post(url, { amount: 36 }, down);
        expect(res.statusCode).toBe(502);
        expect(res.json().error.code).toBe('bad_gateway');
      }
      const record = await post('/api/record-donation', { stripePaymentId: 'pi_123' }, down);
      expect(record.statusCode).toBe(502);
    } finally {
      await down.close();
    }
  });
});

describe('without Stripe settings', () => {
  it('answers 503 saying card payments are not configured, and the config says so', async () => {
    const bare = await buildTestApp();
    try {
      for (const [url, payload] of [
        ['/api/create-payment-intent', { amount: 36 }],
        ['/api/create-subscription', { amount: 36 }],
        ['/api/record-donation', { stripePaymentId: 'pi_123' }],
      ] as const) {
        const res = await post(url, payload, bare);
        expect(res.statusCode).toBe(503);
        expect(res.json().error).toEqual({
          code: 'unavailable',
          message: 'Card payments are not configured on this site.',
        });
      }
      const webhook = await bare.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        payload: '{}',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      });
      expect(webhook.statusCode).toBe(503);
      const config = await bare.inject({ method: 'GET', url: '/api/stripe-config' });
      expect(config.json()).toMatchObject({ configured: false, mode: null, publishableKey: null });
    } finally {
      await bare.close();
    }
  });
});

describe('GET /api/stripe-config', () => {
  it('gives the publishable key, the mode and what is set, never a secret, uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stripe-config' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      configured: true,
      mode: 'test',
      publishableKey: testPublishableKey,
      apiVersion: STRIPE_API_VERSION,
      settings: { secretKey: true, publishableKey: true, webhookSecret: true },
      limits: { minDollars: 1, maxDollars: 25_000 },
      fee: { percent: 2.9, fixedCents: 30 },
    });
    expect(res.body).not.toContain(t.standIn.secretKey);
    expect(res.body).not.toContain(testWebhookSecret);
  });
});

describe('card-testing defence', () => {
  it('limits payment setups per IP (429), other IPs unaffected', async () => {
    const limited = await buildStripeTestApp(t.standIn, { DONATION_RATE_LIMIT: '2' });
    try {
      const send = (ip: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/create-payment-intent',
          payload: { amount: 5 },
          remoteAddress: ip,
        });
      expect((await send('203.0.113.7')).statusCode).toBe(200);
      expect((await send('203.0.113.7')).statusCode).toBe(200);
      const third = await send('203.0.113.7');
      expect(third.statusCode).toBe(429);
      expect(third.json().error.code).toBe('rate_limited');
      expect((await send('203.0.113.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits payment setups from all IPs together while cards are declined, until the minute has passed', async () => {
    const limited = await buildStripeTestApp(t.standIn, {
      DONATION_GLOBAL_RATE_LIMIT: '2',
      DONATION_DECLINE_ALARM: '1',
    });
    try {
      await countDecline(limited);
      const send = (ip: string, url = '/api/create-payment-intent') =>
        limited.inject({ method: 'POST', url, payload: { amount: 5 }, remoteAddress: ip });
      expect((await send('198.51.100.1')).statusCode).toBe(200);
      expect((await send('198.51.100.2', '/api/create-subscription')).statusCode).toBe(200);
      // Over the ceiling, but the network's first setup over it goes through (ADR 046).
      expect((await send('198.51.100.3')).statusCode).toBe(200);
      const third = await send('198.51.100.4');
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(third.json().error.message).toContain('Too many donations are being started');
      limited.advanceClock(61_000);
      expect((await send('198.51.100.5')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('honours DONATION_MAX_DOLLARS', async () => {
    const small = await buildStripeTestApp(t.standIn, { DONATION_MAX_DOLLARS: '500' });
    try {
      const res = await post('/api/create-payment-intent', { amount: 501 }, small);
      expect(res.json().error.fields.amount).toBe('Amount must be at most $500');
    } finally {
      await small.close();
    }
  });
});
