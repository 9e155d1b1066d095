import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { donations } from '~/db/schema';
import {
  createOjcPayment,
  setUpOjcTestApp,
  testCard,
  testCardDigits,
  testExpiry,
} from '~tests/helpers/ojc';
import { pageData, postPageForm, postRefusedPageForm } from '~tests/helpers/page-forms';
import { declineMessages } from './charge-messages';

// The OJC checkout and payment page without JavaScript: the forms post to their pages,
// the server does what the API does, with the same limits, and never writes a card number back.

const ojc = setUpOjcTestApp();

const checkoutUrl = '/checkout?amount=54&type=onetime&method=ojc';
const donorFields = {
  _form: 'ojc-checkout',
  name: 'Sarah Cohen',
  email: 'sarah.nojs@example.org',
  phone: '845-555-0100',
  website: '',
};

const ojcGiftsBy = (email: string) =>
  ojc.app.database.db.select().from(donations).where(eq(donations.email, email));

describe('the OJC checkout posted without JavaScript', () => {
  it('stores the pending gift with its dedication and goes on to its payment page', async () => {
    const email = 'dedicated.nojs@example.org';
    const posted = {
      ...donorFields,
      email,
      dedicate: 'yes',
      dedicationKind: 'memory',
      dedicationName: 'Rivka bat Leah',
      attempt: 'page-attempt-key-0001',
    };
    const res = await postPageForm(ojc.app, checkoutUrl, posted);
    expect(res.statusCode).toBe(303);
    const [gift] = await ojcGiftsBy(email);
    expect(res.headers.location).toBe(`/checkout/ojc/${gift!.id}`);
    expect(gift).toMatchObject({
      amountCents: 5400,
      donationType: 'onetime',
      paymentMethod: 'ojc',
      paymentStatus: 'pending',
      donorName: 'Sarah Cohen',
      phone: '845-555-0100',
      dedicationKind: 'memory',
      dedicationName: 'Rivka bat Leah',
    });

    // The same page posted twice (a double click) is one payment.
    const again = await postPageForm(ojc.app, checkoutUrl, posted);
    expect(again.headers.location).toBe(res.headers.location);
    expect(await ojcGiftsBy(email)).toHaveLength(1);
  });

  it('comes back with each field’s message and what was typed, storing nothing', async () => {
    const email = 'not-an-email';
    const res = await postRefusedPageForm(
      ojc.app,
      checkoutUrl,
      { ...donorFields, name: '', email, dedicate: 'yes', dedicationName: ' ' },
      ['Name is required', 'Please enter a valid email address', 'Dedication name is required'],
    );
    expect(res.body).toContain('value="not-an-email"');
    expect(pageData(res.body).form).toMatchObject({ name: 'ojc-checkout' });
    expect(await ojcGiftsBy(email)).toHaveLength(0);
  });

  it('shows the dedication the address carries, and stores it with its Hebrew name as posted', async () => {
    const url =
      '/checkout?amount=36&type=onetime&method=ojc&dedication=refuah' +
      '&dedicationName=Moshe+Levy&hebrewName=%D7%9E%D7%A9%D7%94&relation=ben' +
      '&motherHebrewName=%D7%A9%D7%A8%D7%94';
    const page = await ojc.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/name="dedicate"[^>]*checked|checked=""[^>]*name="dedicate"/);
    expect(page.body).toContain('value="Moshe Levy"');
    expect(page.body).toContain('value="משה"');

    const email = 'hebrew.nojs@example.org';
    const posted = {
      ...donorFields,
      email,
      dedicate: 'yes',
      dedicationKind: 'refuah',
      dedicationName: 'Moshe Levy',
      hebrewName: 'משה',
      relation: 'ben',
      motherHebrewName: 'שרה',
      attempt: 'page-attempt-key-0002',
    };
    expect((await postPageForm(ojc.app, url, posted)).statusCode).toBe(303);
    const [gift] = await ojcGiftsBy(email);
    expect(gift).toMatchObject({
      dedicationKind: 'refuah',
      dedicationHebrewName: 'משה',
      dedicationRelation: 'ben',
      dedicationMotherHebrewName: 'שרה',
    });

    await postRefusedPageForm(
      ojc.app,
      url,
      {
        ...posted,
        email: 'latin.nojs@example.org',
        hebrewName: 'Moshe',
        attempt: 'page-attempt-key-0003',
      },
      ['Hebrew name must be written in Hebrew letters'],
    );
    expect(await ojcGiftsBy('latin.nojs@example.org')).toHaveLength(0);
  });

  it('refuses an amount over the limit from the address in plain words, storing nothing', async () => {
    const email = 'too.much@example.org';
    const res = await postPageForm(ojc.app, '/checkout?amount=9999999&type=onetime&method=ojc', {
      ...donorFields,
      email,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/Amount must be at most \$[\d,]+/);
    expect(await ojcGiftsBy(email)).toHaveLength(0);
  });
});

describe('the OJC payment page without JavaScript', () => {
  it('is rendered with the payment, and a posted card charges it, then thanks the donor', async () => {
    const paymentId = await createOjcPayment(ojc.app, { amount: 72 });
    const page = await ojc.app.inject(`/checkout/ojc/${paymentId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Pay $72.00');
    expect(page.body).toContain('name="cardNumber"');

    const res = await postPageForm(ojc.app, `/checkout/ojc/${paymentId}`, {
      _form: 'ojc-charge',
      cardNumber: testCard,
      expiry: testExpiry,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/checkout/ojc/${paymentId}`);
    expect(await ojc.donationOf(paymentId)).toMatchObject({
      paymentStatus: 'succeeded',
      cardLast4: '4242',
    });
    const done = await ojc.app.inject(res.headers.location as string);
    expect(done.body).toContain('Thank You for Your Donation!');
  });

  it('says why a card was declined and never writes the card number back into the page', async () => {
    const paymentId = await createOjcPayment(ojc.app, { amount: 18 });
    ojc.standIn.answerCard(testCardDigits, 406);
    const res = await postPageForm(ojc.app, `/checkout/ojc/${paymentId}`, {
      _form: 'ojc-charge',
      cardNumber: testCard,
      expiry: testExpiry,
    });
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain(declineMessages[406]);
    expect(res.body).not.toContain(testCardDigits);
    expect(res.body).not.toContain(testCard);
    expect(res.body).toContain(`value="${testExpiry}"`);
    expect(await ojc.donationOf(paymentId)).toMatchObject({ paymentStatus: 'failed' });
  });

  it('checks the card where it is typed: messages, nothing charged, no number echoed', async () => {
    const paymentId = await createOjcPayment(ojc.app, { amount: 18 });
    const calls = ojc.standIn.requests.length;
    const res = await postRefusedPageForm(
      ojc.app,
      `/checkout/ojc/${paymentId}`,
      { _form: 'ojc-charge', cardNumber: '1234', expiry: '13/99' },
      [
        'Enter the card number as printed on your OJC card',
        'There is no month 13: the month is 01 to 12.',
      ],
    );
    expect(res.body).not.toContain('value="1234"');
    expect(ojc.standIn.requests.length).toBe(calls);
  });

  it('answers an unknown payment with the page saying so in plain words', async () => {
    const page = await ojc.app.inject('/checkout/ojc/not-a-payment');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This payment was not found. Please start your donation again.');
    const res = await postPageForm(ojc.app, '/checkout/ojc/0b9a6c6e-57a5-4a55-9d7e-3f1f1d3c2b1a', {
      _form: 'ojc-charge',
      cardNumber: testCard,
      expiry: testExpiry,
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This payment was not found.');
  });
});

describe('the checkout’s page data', () => {
  it('carries the limits, the methods, a fresh attempt key per page, and no card settings without Stripe', async () => {
    const first = pageData((await ojc.app.inject(checkoutUrl)).body).data;
    const second = pageData((await ojc.app.inject(checkoutUrl)).body).data;
    expect(first).toMatchObject({ methods: { onetime: ['ojc'] }, card: null });
    expect(first.attempt).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(second.attempt).not.toBe(first.attempt);
  });
});
