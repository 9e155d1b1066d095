import rawSiteConfig from '@site-config';
import { describe, expect, it } from 'vitest';
import type { Donation } from '~/db/schema';
import { siteConfigSchema } from '~/shared/site-config-schema';
import { pdfText } from '../../../../../tests/helpers/pdf-text';
import { renderReceiptPdf, renderStatementPdf } from './giving-pdfs';

const site = siteConfigSchema.parse(rawSiteConfig);
const HEBREW_NAME = 'יוסף כהן';

function gift(overrides: Partial<Donation> = {}): Donation {
  const at = new Date('2025-03-02T15:00:00Z');
  return {
    id: '6f1c4c52-6a55-4c5e-9d0f-7b0e6f3b2a11',
    donorName: HEBREW_NAME,
    email: 'yosef@example.org',
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
    expect(text.replace(/\s+/g, ' ')).toContain(
      'No goods or services were provided in exchange for these contributions.',
    );
  });

  it('carries a member tier’s own sentence where site.config.ts gives one', async () => {
    const text = pdfText(await renderReceiptPdf(site, gift(), 'beacon'));
    expect(text.replace(/\s+/g, ' ')).toContain('Beacon members receive');
  });
});

describe('a year-end statement as PDF', () => {
  it('lists the year’s gifts kept and their total, net of refunds', async () => {
    const gifts = [
      gift(),
      gift({ id: 'b', amountCents: 3_600, createdAt: new Date('2025-07-01T15:00:00Z') }),
      gift({ id: 'c', paymentStatus: 'refunded', refundedCents: 5_000, amountCents: 5_000 }),
    ];
    const pdf = await renderStatementPdf(site, {
      name: HEBREW_NAME,
      email: 'yosef@example.org',
      year: 2025,
      gifts,
      tier: null,
    });
    const text = pdfText(pdf);
    expect(text).toContain('2025 year-end giving statement');
    expect(text).toContain(HEBREW_NAME);
    expect(text).toContain('$216.00');
    expect(text).toContain('July 1, 2025');
    expect(text).not.toContain('$50.00');
    expect(text).toMatch(/Gifts\s+2/);
  });
});
