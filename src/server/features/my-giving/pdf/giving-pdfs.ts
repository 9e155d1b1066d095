import type { Donation } from '~/db/schema';
import { formatMoney } from '~/shared/money';
import { fundGrantNote, giftMethodLabel, isFundGrant } from '~/shared/gift-method';
import {
  acknowledgementText,
  statementAcknowledgements,
  taxStatusSentence,
} from '~/server/services/receipts/acknowledgement';
import type { SiteConfig } from '~/shared/site-config-schema';
import { dedicationText } from '~/shared/dedication';
import { dedicationOf } from '~/server/lib/dedication';
import { keptCents } from '~/server/features/my-giving/donor-gifts';
import { letterhead, newPdf, paragraph, pdfBytes, rows, type Pdf } from './pdf-document';

const day = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(at);

function header(doc: Pdf, site: SiteConfig) {
  letterhead(doc, {
    legalName: site.legalName,
    ein: site.ein,
    address: site.receipts.legalAddress,
    email: site.contact.email,
  });
}

/** "Flame Tier membership" for a membership's payment, else nothing. */
function tierName(site: SiteConfig, tier: string | null | undefined) {
  const name = tier ? site.tiers.find((t) => t.id === tier)?.name : undefined;
  return name ? `${name} membership` : null;
}

function dedicationLine(gift: Donation) {
  const d = dedicationOf(gift);
  return d ? dedicationText(d) : null;
}

/**
 * One gift's receipt (a one-time gift or one monthly charge), as kept: net of refunds. `tier` is
 * the membership the gift paid, if any (`membershipTierOf`), for its acknowledgement; `campaignLine`
 * the campaign it was given in (`campaignLineOf`): words only, the amount stays the donor's own.
 */
export function renderReceiptPdf(
  site: SiteConfig,
  gift: Donation,
  tier: string | null,
  campaignLine: string | null = null,
): Promise<Buffer> {
  const doc = newPdf(`Donation receipt ${gift.id}`, site.legalName);
  header(doc, site);
  paragraph(doc, 'Donation receipt', { size: 16, bold: true });
  const name = gift.donorName?.trim() || 'Friend';
  const entries: [string, string][] = [
    ['Donor', name],
    ['Email', gift.email ?? ''],
    ['Date', day(gift.createdAt, site.timeZone)],
    ['Amount received', formatMoney(keptCents(gift), gift.currency)],
    ['Payment method', giftMethodLabel(gift)],
    ['Gift', gift.donationType === 'subscription' ? 'Monthly donation' : 'One-time donation'],
    ['Receipt number', gift.receiptNumber ?? gift.id],
  ];
  if (gift.refundedCents > 0) {
    entries.splice(4, 0, [
      'Refunded',
      `${formatMoney(gift.refundedCents, gift.currency)} of ${formatMoney(gift.amountCents, gift.currency)}`,
    ]);
  }
  const dedication = dedicationLine(gift);
  if (dedication) entries.push(['Dedication', dedication]);
  if (campaignLine) entries.push(['Campaign', campaignLine]);
  rows(doc, entries);
  paragraph(
    doc,
    acknowledgementText(site, {
      amountCents: keptCents(gift),
      currency: gift.currency,
      tier,
      fundGrant: isFundGrant(gift),
    }),
  );
  paragraph(
    doc,
    `Thank you for your gift to ${site.product}. Please keep this receipt for your tax records.`,
  );
  return pdfBytes(doc);
}

export interface StatementInput {
  name: string;
  email: string;
  year: number;
  /** The year's gifts received and kept, oldest first. */
  gifts: Donation[];
  /** By gift id: the membership tier the gift paid, if any (`membershipTierOf`). */
  tiers: Map<string, string | null>;
  /** By gift id: its campaign line (`campaignLineOf`), for a gift given in a campaign. */
  campaignLines?: Map<string, string | null>;
}

/** A donor's year-end statement: every gift received and kept in the calendar year, and the total. */
export function renderStatementPdf(site: SiteConfig, input: StatementInput): Promise<Buffer> {
  const doc = newPdf(`${input.year} giving statement`, site.legalName);
  header(doc, site);
  paragraph(doc, `${input.year} year-end giving statement`, { size: 16, bold: true });
  const counted = input.gifts.filter((g) => keptCents(g) > 0);
  const total = counted.reduce((sum, g) => sum + keptCents(g), 0);
  rows(doc, [
    ['Donor', input.name],
    ['Email', input.email],
    ['Period', `January 1 – December 31, ${input.year}`],
    ['Total received', formatMoney(total)],
    ['Gifts', String(counted.length)],
  ]);
  paragraph(doc, 'Gifts received', { size: 13, bold: true, gap: 0.3 });
  rows(
    doc,
    counted.map((g): [string, string] => [
      day(g.createdAt, site.timeZone),
      [
        formatMoney(keptCents(g), g.currency),
        g.donationType === 'subscription' ? 'monthly' : 'one-time',
        tierName(site, input.tiers.get(g.id)),
        giftMethodLabel(g),
        g.receiptNumber ? `receipt ${g.receiptNumber}` : null,
        dedicationLine(g),
        input.campaignLines?.get(g.id),
        isFundGrant(g) ? fundGrantNote : null,
      ]
        .filter(Boolean)
        .join(' · '),
    ]),
  );
  const acknowledgements = statementAcknowledgements(
    site,
    counted.map((g) => ({
      amountCents: keptCents(g),
      currency: g.currency,
      tier: input.tiers.get(g.id) ?? null,
      fundGrant: isFundGrant(g),
    })),
  );
  for (const words of acknowledgements.paragraphs) paragraph(doc, words);
  if (acknowledgements.deductibleCents !== total) {
    paragraph(doc, `Deductible total: ${formatMoney(acknowledgements.deductibleCents)}.`, {
      bold: true,
    });
  }
  paragraph(doc, taxStatusSentence(site));
  paragraph(
    doc,
    `Amounts are what ${site.legalName} received and kept: refunded amounts are not included.`,
  );
  return pdfBytes(doc);
}
