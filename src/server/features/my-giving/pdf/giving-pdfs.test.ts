import rawSiteConfig from '@site-config';
import { describe, expect, it } from 'vitest';
import type { Donation } from '~/db/schema';
import { siteConfigSchema } from '~/shared/site-config-schema';
import { wordsOutsideMargins } from '~tests/helpers/pdf-boxes';
import { pdfText } from '~tests/helpers/pdf-text';
import { renderReceiptPdf, renderStatementPdf } from './giving-pdfs';

const site = siteConfigSchema.parse(rawSiteConfig);
const HEBREW_NAME = 'יוסף כהן';

function gift(overrides: Partial<Donation> = {}): Donation {
  const at = new Date('2025-03-02T15:00:00Z');
  return {
    id: '6f1c4c52-6a55-4c5e-9d0f-7b0e6f3b2a11',
    donorName: HEBREW_NAME,
    email: 'yosef@example.org',
    donorId: null,
    amountCents: 18_000,
    currency: 'usd',
    feeCents: 0,
    refundedCents: 0,
    donationType: 'onetime',
    paymentMethod: 'stripe',
    paymentStatus: 'succeeded',
    stripePaymentIntentId: 'pi_1',
    stripeSubscriptionId: null,
    stripeInvoiceId: null,
    dedicationKind: 'memory',
    dedicationName: 'שרה בת רבקה',
    dedicationHebrewName: null,
    dedicationRelation: null,
    dedicationMotherHebrewName: null,
    phone: null,
    cardLast4: '4242',
    ojcReference: null,
    ojcSubscriptionId: null,
    ojcPeriod: null,
    ojcIdempotencyKey: null,
    ojcChargingSince: null,
    ojcDeclines: 0,
    receiptNumber: '2025-000007',
    offlineMethod: null,
    offlineReference: null,
    postalAddress: null,
    officeNote: null,
    voidedAt: null,
    voidReason: null,
    campaignId: null,
    wallDisplay: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    utmContent: null,
    teamId: null,
    leaderToldTeamIds: [],
    createdAt: at,
    updatedAt: at,
    donatedAt: at,
    ...overrides,
  };
}

describe('a receipt as PDF', () => {
  it('names the organisation, its EIN and address, the donor in Hebrew, the amount kept and the IRS statement', async () => {
    const text = pdfText(await renderReceiptPdf(site, gift({ refundedCents: 3_000 }), null));
    expect(text).toContain(site.legalName);
    expect(text).toContain(`EIN ${site.ein}`);
    expect(text).toContain('18 Tziyun Lane');
    expect(text).toContain(HEBREW_NAME);
    expect(text).toContain('In memory of שרה בת רבקה');
    expect(text).toContain('$150.00');
    expect(text).toContain('$30.00 of $180.00');
    expect(text).toContain('March 2, 2025');
    expect(text).toMatch(/Receipt number\s+2025-000007/);
    expect(text.replace(/\s+/g, ' ')).toContain(
      'No goods or services were provided in exchange for this contribution.',
    );
  });

  it('words a dedication l’ilui nishmas with its Hebrew name as the Rabbi reads it', async () => {
    const dedicated = gift({
      dedicationKind: 'ilui',
      dedicationName: 'Moshe Levy',
      dedicationHebrewName: 'משה',
      dedicationRelation: 'ben',
      dedicationMotherHebrewName: 'שרה',
    });
    const text = pdfText(await renderReceiptPdf(site, dedicated, null)).replace(/\s+/g, ' ');
    expect(text).toContain('L’ilui nishmas Moshe Levy');
    expect(text).toContain('משה בן שרה');
  });

  it('carries the acknowledgement of the membership the gift paid', async () => {
    const text = pdfText(await renderReceiptPdf(site, gift(), 'beacon'));
    expect(text.replace(/\s+/g, ' ')).toContain(
      'The only goods or services provided in exchange for this contribution were intangible religious benefits',
    );
  });
});

describe('a year-end statement as PDF', () => {
  it('lists the year’s gifts kept, each with its method and receipt number, and their total, net of refunds', async () => {
    const gifts = [
      gift(),
      gift({
        id: 'b',
        amountCents: 3_600,
        createdAt: new Date('2025-07-01T15:00:00Z'),
        paymentMethod: 'offline',
        offlineMethod: 'check',
        offlineReference: '1042',
        receiptNumber: '2025-000031',
      }),
      gift({ id: 'c', paymentStatus: 'refunded', refundedCents: 5_000, amountCents: 5_000 }),
    ];
    const pdf = await renderStatementPdf(site, {
      name: HEBREW_NAME,
      email: 'yosef@example.org',
      year: 2025,
      gifts,
      tiers: new Map(),
    });
    const text = pdfText(pdf);
    expect(text).toContain('2025 year-end giving statement');
    expect(text).toContain(HEBREW_NAME);
    expect(text).toContain('$216.00');
    expect(text).toContain('July 1, 2025');
    expect(text).toMatch(/Cheque 1042\s*·\s*receipt 2025-000031/);
    expect(text).not.toContain('$50.00');
    expect(text).toMatch(/Gifts\s+2/);
  });

  it('says of a donor-advised fund grant, and only of it, that the fund, not the donor, may claim it', async () => {
    const daf = gift({
      id: 'd',
      amountCents: 50_000,
      dedicationName: null,
      paymentMethod: 'offline',
      offlineMethod: 'daf',
      offlineReference: 'G-77',
      receiptNumber: '2025-000040',
    });
    const gifts = [
      gift({ id: 'a', dedicationName: null }),
      gift({
        id: 'o',
        amountCents: 2_600,
        dedicationName: null,
        paymentMethod: 'ojc',
        receiptNumber: '2025-000020',
      }),
      gift({
        id: 'c',
        amountCents: 3_600,
        dedicationName: null,
        paymentMethod: 'offline',
        offlineMethod: 'check',
        offlineReference: '1042',
        receiptNumber: '2025-000031',
      }),
      daf,
    ];
    const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');
    const statement = flat(
      await renderStatementPdf(site, {
        name: 'Leah Adler',
        email: 'leah@example.org',
        year: 2025,
        gifts,
        tiers: new Map(),
      }),
    );
    expect(statement).toMatch(
      /Donor-advised fund grant G-77 · receipt 2025-000040 · Donor-advised fund grant: the fund, not you, may claim this/,
    );
    expect(statement.match(/the fund, not you, may claim this/g)).toHaveLength(2);
    expect(statement).toContain('Credit card · receipt 2025-000007');
    expect(statement).toContain('OJC Fund charity card · receipt 2025-000020');
    // $180 + $26 + $36 received; the $500 grant is not the donor's to deduct.
    expect(statement).toContain('Total received $742.00');
    expect(statement).toContain('Deductible total: $242.00.');

    const receipt = flat(await renderReceiptPdf(site, daf, null));
    expect(receipt).toContain('Donor-advised fund grant: the fund, not you, may claim this.');
    expect(receipt).not.toContain('tax-deductible');
    expect(receipt).not.toContain('No goods or services');
  });
});

describe('a campaign gift on paper', () => {
  const LINE =
    'Given in Tziyun Day for the new roof, matched by The Katz family and Anonymous friends';
  const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

  it("a receipt names the campaign and its matchers, and counts only the donor's own amount", async () => {
    const campaignGift = gift({ campaignId: '0b3c1f2e-1111-4c5e-9d0f-7b0e6f3b2a11' });
    const pdf = await renderReceiptPdf(site, campaignGift, null, LINE);
    const text = flat(pdf);
    expect(text).toContain(`Campaign ${LINE}`);
    expect(text).toContain('Amount received $180.00');
    expect(text).not.toContain('$360.00');
    expect(wordsOutsideMargins(pdf, 54)).toEqual([]);
  });

  it('a statement puts the line on the campaign gift only; the total is what the donor gave', async () => {
    const pdf = await renderStatementPdf(site, {
      name: 'Leah Adler',
      email: 'leah@example.org',
      year: 2025,
      gifts: [
        gift({ id: 'a', dedicationName: null, campaignId: 'c1' }),
        gift({ id: 'b', dedicationName: null, amountCents: 3_600, receiptNumber: '2025-000008' }),
      ],
      tiers: new Map(),
      campaignLines: new Map([['a', LINE]]),
    });
    const text = flat(pdf);
    expect(text).toContain(`receipt 2025-000007 · ${LINE}`);
    expect(text.split('Given in')).toHaveLength(2);
    expect(text).toContain('Total received $216.00');
    expect(wordsOutsideMargins(pdf, 54)).toEqual([]);
  });
});

describe('long lines, in Hebrew and English', () => {
  const MARGIN = 54;
  const SHORT = 'In memory of Yaakov ben Avraham יעקב בן אברהם';
  const LONG_NAME =
    'Yaakov ben Avraham and Sarah bat Rivka, יעקב בן אברהם ושרה בת רבקה, and all our family';
  const LONG = `In honor of ${LONG_NAME}`;
  /** pdftotext's reading, its line breaks as spaces. */
  const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');
  const statement = (gifts: Donation[], name = HEBREW_NAME) =>
    renderStatementPdf(site, {
      name,
      email: 'yosef@example.org',
      year: 2025,
      gifts,
      tiers: new Map(),
    });

  it('a statement gives back a dedication in English and Hebrew whole, in order, inside the margins', async () => {
    const pdf = await statement([
      gift({ dedicationName: 'Yaakov ben Avraham יעקב בן אברהם' }),
      gift({ id: 'b', dedicationKind: 'honor', dedicationName: LONG_NAME }),
    ]);
    expect(flat(pdf)).toContain(SHORT);
    expect(flat(pdf)).toContain(LONG);
    expect(wordsOutsideMargins(pdf, MARGIN)).toEqual([]);
  });

  it('a receipt wraps a long dedication, a long name and a long address inside the margins', async () => {
    const email = `${'a'.repeat(64)}@${'very-long-subdomain.'.repeat(8)}example.org`;
    const name = 'Avraham Yitzchak Yaakov HaKohen Rosenberg-Goldstein אברהם יצחק יעקב הכהן';
    const pdf = await renderReceiptPdf(
      site,
      gift({ donorName: name, email, dedicationKind: 'honor', dedicationName: LONG_NAME }),
      null,
    );
    const text = flat(pdf);
    expect(text).toContain(LONG);
    expect(text).toContain(name);
    expect(text.replace(/ /g, '')).toContain(email);
    expect(wordsOutsideMargins(pdf, MARGIN)).toEqual([]);
  });

  it('a statement of many gifts goes on to a second page, still inside the margins', async () => {
    const gifts = Array.from({ length: 60 }, (_, i) =>
      gift({ id: `g${i}`, dedicationName: 'Yaakov ben Avraham יעקב בן אברהם' }),
    );
    const pdf = await statement(gifts);
    expect(wordsOutsideMargins(pdf, MARGIN)).toEqual([]);
    expect(flat(pdf).split(SHORT)).toHaveLength(61);
  });
});
