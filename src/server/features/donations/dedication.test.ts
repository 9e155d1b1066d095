import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { donations, stripeSubscriptions } from '~/db/schema';
import { deliverEvent, drainOutbox, setUpStripeTestApp } from '~tests/helpers/stripe';

const t = setUpStripeTestApp();

const hebrew = { hebrewName: 'משה', relation: 'ben', motherHebrewName: 'שרה רבקה' } as const;
const columns = {
  dedicationKind: 'ilui',
  dedicationName: 'Moshe Levy',
  dedicationHebrewName: 'משה',
  dedicationRelation: 'ben',
  dedicationMotherHebrewName: 'שרה רבקה',
};

function post(url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, payload });
}

describe('a gift’s dedication with the Hebrew name the Rabbi reads', () => {
  it('is stored, sent to Stripe, and put back from Stripe when the site’s row was lost', async () => {
    const pi = await t.startCheckout({
      amount: 36,
      email: 'dedicated@example.org',
      dedication: { kind: 'ilui', name: 'Moshe Levy', ...hebrew },
    });
    expect(await t.donationOf(pi.id)).toMatchObject(columns);
    const [request] = t.standIn.requestsTo('POST', '/v1/payment_intents').slice(-1);
    expect(request!.params).toMatchObject({
      metadata: {
        dedication_kind: 'ilui',
        dedication_name: 'Moshe Levy',
        dedication_hebrew_name: 'משה',
        dedication_relation: 'ben',
        dedication_mother_hebrew_name: 'שרה רבקה',
      },
    });

    // The row is gone (a crash between Stripe and the insert): the webhook writes it from metadata.
    await t.app.database.db.delete(donations).where(eq(donations.stripePaymentIntentId, pi.id));
    const paid = t.standIn.pay(pi.id);
    const res = await deliverEvent(t.app, t.standIn.event('payment_intent.succeeded', paid));
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.donationOf(pi.id)).toMatchObject({ ...columns, paymentStatus: 'succeeded' });

    t.app.sentMail.length = 0;
    await drainOutbox(t.app);
    const receipt = t.app.sentMail.find((m) => m.to === 'dedicated@example.org');
    expect(receipt?.text).toContain('L’ilui nishmas Moshe Levy (משה בן שרה רבקה)');
  });

  it('carries a monthly gift’s Hebrew parts to each charge', async () => {
    const { pi, subscriptionId } = await t.startMonthly({
      amount: 18,
      dedication: { kind: 'refuah', name: 'Moshe Levy', ...hebrew },
    });
    expect(await t.donationOf(pi.id)).toMatchObject({ ...columns, dedicationKind: 'refuah' });
    const [subscription] = await t.app.database.db
      .select()
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.id, subscriptionId));
    expect(subscription).toMatchObject({ ...columns, dedicationKind: 'refuah' });
  });

  it('keeps a dedication without Hebrew parts as before', async () => {
    const pi = await t.startCheckout({
      amount: 5,
      dedication: { kind: 'honor', name: 'My teacher', hebrewName: '', relation: '' },
    });
    expect(await t.donationOf(pi.id)).toMatchObject({
      dedicationKind: 'honor',
      dedicationName: 'My teacher',
      dedicationHebrewName: null,
      dedicationRelation: null,
      dedicationMotherHebrewName: null,
    });
  });

  it.each([
    [
      'a Hebrew name in Latin letters',
      { hebrewName: 'Moshe', relation: 'ben', motherHebrewName: 'שרה' },
      {
        'dedication.hebrewName': 'Hebrew name must be written in Hebrew letters (for example משה)',
      },
    ],
    [
      'a mother’s name mixing Hebrew and Latin',
      { hebrewName: 'משה', relation: 'ben', motherHebrewName: 'Sarah שרה' },
      {
        'dedication.motherHebrewName':
          'Mother’s Hebrew name mixes Hebrew with other letters: write it in Hebrew letters only',
      },
    ],
    [
      'a relation that is not ben or bat',
      { hebrewName: 'משה', relation: 'son', motherHebrewName: 'שרה' },
      { 'dedication.relation': 'Choose son of (ben) or daughter of (bat)' },
    ],
    [
      'a Hebrew name without its mother’s name',
      { hebrewName: 'משה' },
      {
        'dedication.relation':
          'Give the Hebrew name, ben or bat, and the mother’s Hebrew name, or none of them',
        'dedication.motherHebrewName':
          'Give the Hebrew name, ben or bat, and the mother’s Hebrew name, or none of them',
      },
    ],
  ])(
    'refuses %s with a field message, on both card setups and OJC',
    async (_case, parts, fields) => {
      const dedication = { kind: 'memory', name: 'Moshe Levy', ...parts };
      for (const url of ['/api/create-payment-intent', '/api/create-subscription']) {
        const res = await post(url, { amount: 36, dedication });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'validation_failed', fields });
      }
      const ojc = await post('/api/ojc/create-payment', {
        amount: 36,
        donorName: 'Sarah Cohen',
        donorEmail: 'sarah@example.org',
        donationType: 'onetime',
        dedication,
      });
      expect(ojc.statusCode).toBe(400);
      expect(ojc.json().error.fields).toMatchObject(fields);
    },
  );

  it('refuses a kind it does not know, naming the four', async () => {
    const res = await post('/api/create-payment-intent', {
      amount: 36,
      dedication: { kind: 'birthday', name: 'Moshe' },
    });
    expect(res.json().error.fields).toEqual({
      'dedication.kind': 'Choose in honor of, in memory of, l’ilui nishmas or refuah shleimah',
    });
  });
});
