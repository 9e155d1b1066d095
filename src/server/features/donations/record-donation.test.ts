import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectBothPartsToSay } from '~tests/helpers/mail';
import { donations, jobs } from '~/db/schema';
import { auditEntries, signIn } from '~tests/helpers/admin';
import { drainOutbox, setUpStripeTestApp } from '~tests/helpers/stripe';

const t = setUpStripeTestApp();

const receiptJobs = async (donationId: string) =>
  (await t.app.database.db.select().from(jobs)).filter(
    (j) => j.idempotencyKey === `mail:donation:${donationId}:receipt`,
  );

describe('POST /api/record-donation', () => {
  it('records what Stripe confirms and sends one receipt, however often it is called', async () => {
    const pi = await t.startCheckout({
      amount: 36,
      dedication: { kind: 'honor', name: 'Our parents' },
    });
    t.standIn.pay(pi.id);
    const payload = {
      name: 'Sarah Cohen',
      email: 'sarah@example.org',
      amount: 3600,
      donationType: 'onetime',
      stripePaymentId: pi.id,
    };
    const first = await t.recordDonation(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      donation: { amount: 3600, currency: 'usd', donationType: 'onetime', status: 'succeeded' },
    });
    const row = await t.donationOf(pi.id);
    expect(row).toMatchObject({ donorName: 'Sarah Cohen', email: 'sarah@example.org' });
    expect(row.donatedAt).toBeInstanceOf(Date);

    const second = await t.recordDonation({
      ...payload,
      name: 'Someone Else',
      email: 'else@example.org',
    });
    expect(second.statusCode).toBe(200);
    expect(await t.donationOf(pi.id)).toEqual(row);
    expect(await receiptJobs(row.id)).toHaveLength(1);

    await drainOutbox(t.app);
    const receipt = t.app.sentMail.find((m) => m.to === 'sarah@example.org')!;
    expect(receipt.subject).toBe('Your donation receipt | Tziyun');
    expectBothPartsToSay(receipt, [
      'Tziyun Community Inc.',
      '12-3456789',
      '$36.00',
      'Credit card',
      'In honor of Our parents',
      'tax-deductible to the extent allowed by law',
    ]);
    // Numbered in the transaction that recorded it, and the mail prints the number.
    expect(row.receiptNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(receipt.text).toContain(`Receipt number: ${row.receiptNumber}`);
  });

  it('stores the amount Stripe received, not the amount the browser claims', async () => {
    const pi = await t.startCheckout({ amount: 18 });
    t.standIn.pay(pi.id);
    const res = await t.recordDonation({
      name: 'Liar',
      email: 'liar@example.org',
      amount: 2_500_000,
      donationType: 'subscription',
      stripePaymentId: pi.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().donation).toMatchObject({ amount: 1800, donationType: 'onetime' });
    expect(await t.donationOf(pi.id)).toMatchObject({ amountCents: 1800, donationType: 'onetime' });
  });

  it('refuses a payment that is not completed (409) and records nothing', async () => {
    const pi = await t.startCheckout({ amount: 36 });
    const res = await t.recordDonation({
      name: 'A B',
      email: 'ab@example.org',
      stripePaymentId: pi.id,
    });
    expect(res.statusCode).toBe(409);
    t.standIn.decline(pi.id);
    expect((await t.recordDonation({ stripePaymentId: pi.id })).statusCode).toBe(409);
    expect(await t.donationOf(pi.id)).toMatchObject({ paymentStatus: 'pending', email: null });
  });

  it('refuses an unknown payment (404)', async () => {
    const res = await t.recordDonation({
      name: 'A B',
      email: 'ab@example.org',
      stripePaymentId: 'pi_doesnotexist',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('We could not find this payment.');
  });

  it('refuses a PaymentIntent that is no donation of this site (404)', async () => {
    // Made on the same Stripe account by something else: no metadata of ours, no row.
    const res = await fetch(`${t.standIn.url}/v1/payment_intents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${t.standIn.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'amount=5000&currency=usd',
    });
    const foreign = (await res.json()) as { id: string };
    t.standIn.pay(foreign.id);
    const before = await t.app.database.db.$count(donations);
    expect((await t.recordDonation({ stripePaymentId: foreign.id })).statusCode).toBe(404);
    expect(await t.app.database.db.$count(donations)).toBe(before);
  });

  it('rebuilds a lost row from the PaymentIntent’s metadata', async () => {
    const pi = await t.startCheckout({ amount: 50, coverFee: true, email: 'kept@example.org' });
    // As if the process had died between Stripe's answer and the insert.
    await t.app.database.db.delete(donations).where(eq(donations.stripePaymentIntentId, pi.id));
    t.standIn.pay(pi.id);
    const res = await t.recordDonation({ name: 'Kept', stripePaymentId: pi.id });
    expect(res.statusCode).toBe(200);
    expect(await t.donationOf(pi.id)).toMatchObject({
      // (5000 + 30) / 0.971, rounded up.
      amountCents: 5181,
      feeCents: 181,
      email: 'kept@example.org',
      donorName: 'Kept',
      paymentStatus: 'succeeded',
    });
  });

  it('refuses a malformed id and OJC payments', async () => {
    expect(
      (await t.recordDonation({ stripePaymentId: 'ch_123' })).json().error.fields,
    ).toHaveProperty('stripePaymentId');
    expect((await t.recordDonation({})).statusCode).toBe(400);
    const ojc = await t.recordDonation({ stripePaymentId: 'pi_123', paymentMethod: 'ojc' });
    expect(ojc.statusCode).toBe(400);
  });
});

describe('POST /api/stripe/verify-payment/:paymentId', () => {
  it('refuses an anonymous request (401) before calling Stripe', async () => {
    const calls = t.standIn.requests.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/stripe/verify-payment/pi_123' });
    expect(res.statusCode).toBe(401);
    expect(t.standIn.requests.length).toBe(calls);
  });

  it('changes nothing on a GET: it may change the stored status, so it is a POST', async () => {
    const admin = await signIn(t.app);
    const calls = t.standIn.requests.length;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/stripe/verify-payment/pi_123',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(404);
    expect(t.standIn.requests.length).toBe(calls);
  });

  it('re-checks with Stripe and updates the stored status, with an audit entry', async () => {
    const admin = await signIn(t.app);
    const pi = await t.startCheckout({ amount: 72, email: 'v@example.org' });
    const verify = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/stripe/verify-payment/${id}`,
        headers: admin.headers,
      });
    let res = await verify(pi.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      success: true,
      verification: {
        status: 'pending',
        stripeStatus: 'requires_payment_method',
        amount: 7200,
        currency: 'usd',
      },
      error: null,
    });
    t.standIn.pay(pi.id);
    t.standIn.refund(pi.id);
    // No webhook arrived: the verification alone finds the refund. By donation id this time.
    const row = await t.donationOf(pi.id);
    res = await verify(row.id);
    expect(res.json().verification).toMatchObject({
      status: 'refunded',
      stripeStatus: 'succeeded',
    });
    expect(await t.donationOf(pi.id)).toMatchObject({
      paymentStatus: 'refunded',
      refundedCents: 7200,
    });
    const audit = await auditEntries(t.app, 'verification');
    expect(audit.map((a) => a.target)).toEqual([`donation:${row.id}`, `donation:${row.id}`]);
    // Refunded before any receipt was sent: none is.
    expect(await receiptJobs(row.id)).toHaveLength(0);

    expect((await verify('pi_unknown')).statusCode).toBe(404);
    expect((await verify(crypto.randomUUID())).statusCode).toBe(404);
  });
});
