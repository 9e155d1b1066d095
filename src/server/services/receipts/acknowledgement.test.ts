import rawSiteConfig from '@site-config';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, members } from '~/db/schema';
import { siteConfigSchema, type SiteConfigInput } from '~/shared/site-config-schema';
import { buildTestApp } from '~tests/helpers/app';
import { insertDonations } from '~tests/helpers/donations';
import { applyForMembership } from '~tests/helpers/members';
import { pdfText } from '~tests/helpers/pdf-text';
import {
  acknowledgementOf,
  acknowledgementText,
  statementAcknowledgements,
} from './acknowledgement';
import { receiptPdfUrl } from './receipt-pdf-link';
import { enqueueReceiptIfDue } from './send-receipt';

/**
 * The site's tiers as site.config.ts has them (prayer and teaching: intangible religious
 * benefits), and one more, a Beacon whose payments buy goods or services worth $50 each: every
 * kind of acknowledgement the office can choose.
 */
const input = rawSiteConfig as SiteConfigInput;
const configured: SiteConfigInput = {
  ...input,
  receipts: {
    ...input.receipts,
    tierBenefits: {
      ...input.receipts.tierBenefits,
      beacon: {
        kind: 'goods-or-services',
        description: 'a printed personalised mission letter and the Legacy Circle dinner',
        valuePerPayment: 50,
      },
    },
  },
};
const site = siteConfigSchema.parse(configured);
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('a gift’s acknowledgement (IRS Publication 1771)', () => {
  const gift = (amountCents: number, tier: string | null) => ({
    amountCents,
    currency: 'usd',
    tier,
  });

  it('says no goods or services for a gift that pays no membership, deductible in full', () => {
    const ack = acknowledgementOf(site, gift(100_000, null));
    expect(ack).toMatchObject({ kind: 'none', deductibleCents: 100_000, quidProQuo: false });
    expect(ack.sentence).toBe(
      'No goods or services were provided in exchange for this contribution.',
    );
  });

  it('names intangible religious benefits, with no value to state, where that is all a tier gives', () => {
    const ack = acknowledgementOf(site, gift(36_000, 'flame'));
    expect(ack).toMatchObject({ kind: 'intangible-religious', deductibleCents: 36_000 });
    expect(ack.sentence).toContain('intangible religious benefits');
    expect(ack.sentence).toContain('monthly live teachings');
    expect(ack.sentence).not.toContain('No goods or services');
  });

  it('gives a good-faith estimate and the deductible amount where goods or services were given', () => {
    const over = acknowledgementOf(site, gift(82_000, 'beacon'));
    expect(over).toMatchObject({ kind: 'goods-or-services', deductibleCents: 77_000 });
    expect(over.quidProQuo).toBe(true);
    expect(over.sentence).toContain('estimates in good faith at $50.00');
    expect(over.sentence).toContain(
      'limited to the excess of your contribution over that value: $770.00',
    );
    // $75 or less: no quid pro quo disclosure is required (the words still say what was given).
    expect(acknowledgementOf(site, gift(7_500, 'beacon')).quidProQuo).toBe(false);
    expect(acknowledgementOf(site, gift(3_000, 'beacon')).deductibleCents).toBe(0);
  });

  it('puts each kind of gift of a year in its own words on the statement, with the deductible total', () => {
    const words = statementAcknowledgements(site, [
      gift(18_000, null),
      gift(82_000, 'beacon'),
      gift(82_000, 'beacon'),
    ]);
    expect(words.deductibleCents).toBe(18_000 + 2 * 77_000);
    expect(words.paragraphs).toEqual([
      'Gifts outside a membership: No goods or services were provided in exchange for this contribution.',
      expect.stringMatching(
        /^Beacon Tier membership payments: In exchange for these contributions .* at \$100\.00\. .*: \$1,540\.00\.$/,
      ),
    ]);
  });

  it('is required of the office for every tier: a tier with none stops the server', () => {
    const { flame: _flame, ...others } = input.receipts.tierBenefits;
    const result = siteConfigSchema.safeParse({
      ...input,
      receipts: { ...input.receipts, tierBenefits: others },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['receipts', 'tierBenefits', 'flame']);
  });
});

describe('the mail receipt and the PDF receipt of one gift', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp({}, undefined, { siteConfig: configured });
  });
  afterAll(() => app.close());

  /** The receipt mail of `giftId`, sent, and its PDF by the mail's own link. */
  async function mailAndPdf(giftId: string, email: string) {
    const [gift] = await app.database.db.select().from(donations).where(eq(donations.id, giftId));
    const links = { linkSigner: app.linkSigner, publicUrl: 'https://tziyun.test' };
    await app.database.db.transaction((tx) =>
      enqueueReceiptIfDue(tx, gift!, { links, now: app.clock() }),
    );
    while ((await app.jobWorker.runOnce()) > 0);
    const mail = app.sentMail.findLast(
      (m) => m.to === email && m.subject.startsWith('Your donation receipt'),
    );
    const url = new URL(receiptPdfUrl(links, giftId, app.clock()));
    const pdf = await app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(pdf.statusCode).toBe(200);
    return { mail: flat(mail!.text), pdf: flat(pdfText(pdf.rawPayload)) };
  }

  /** A member of `tier` whose monthly card subscription paid one charge. */
  async function memberPayment(tier: string, email: string, amountCents: number) {
    const { member } = await applyForMembership(app, { tier, email });
    const subscription = `sub_${tier}_${Date.now()}`;
    await app.database.db
      .update(members)
      .set({ stripeSubscriptionId: subscription, status: 'active' })
      .where(eq(members.id, (await member()).id));
    const [row] = await insertDonations(app, [
      {
        email,
        amountCents,
        donationType: 'subscription',
        stripeSubscriptionId: subscription,
        stripeInvoiceId: `in_${subscription}`,
      },
    ]);
    return row!.id;
  }

  for (const tier of ['spark', 'flame', 'beacon']) {
    it(`say the same acknowledgement for a ${tier} membership payment`, async () => {
      const email = `${tier}@example.org`;
      const price = site.tiers.find((t) => t.id === tier)!.price * 100;
      const id = await memberPayment(tier, email, price);
      const words = acknowledgementText(site, { amountCents: price, currency: 'usd', tier });
      const { mail, pdf } = await mailAndPdf(id, email);
      expect(mail).toContain(words);
      expect(pdf).toContain(words);
      expect(mail).not.toContain('No goods or services');
      expect(pdf).not.toContain('No goods or services');
    });
  }

  it('say no goods or services for a member’s one-time gift, in the mail and the PDF alike', async () => {
    const email = 'beacon-once@example.org';
    await memberPayment('beacon', email, 82_000);
    const [once] = await insertDonations(app, [{ email, amountCents: 25_000 }]);
    const words = acknowledgementText(site, { amountCents: 25_000, currency: 'usd', tier: null });
    expect(words).toContain('No goods or services were provided');
    expect(words).toContain('501(c)(3)');
    const { mail, pdf } = await mailAndPdf(once!.id, email);
    expect(mail).toContain(words);
    expect(pdf).toContain(words);
    expect(pdf).not.toContain('Beacon');
  });
});
