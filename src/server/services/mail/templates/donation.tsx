import type { DonationType, PaymentMethod } from '~/shared/domain';
import { dedicationText } from '~/shared/dedication';
import { formatMoney } from '~/shared/money';
import { acknowledgementText } from '~/server/services/receipts/acknowledgement';
import { Button, EmailLayout, Paragraph, textFrame, type MailContext } from './layout';
import { CancelOjcGift, cancelOjcGiftText } from './ojc';
import type { RenderedMail } from './types';

export interface DonationReceiptData {
  donationId: string;
  donorName: string | null;
  amountCents: number;
  feeCents: number;
  currency: string;
  /** ISO time the provider confirmed the payment. */
  donatedAt: string;
  paymentMethod: PaymentMethod;
  /** A gift the office received: how ("Cheque 1042"); absent on online gifts and older jobs. */
  methodLine?: string | null;
  /** The gift's number in its year (`2026-000123`); absent on older jobs. */
  receiptNumber?: string | null;
  donationType: DonationType;
  dedication: Parameters<typeof dedicationText>[0] | null;
  /** A monthly card gift's signed link to manage it; absent on one-time gifts and older jobs. */
  manageUrl?: string | null;
  /** A monthly OJC gift's signed link to cancel it; absent otherwise. */
  cancelUrl?: string | null;
  /** The signed link to this receipt as PDF; absent on older jobs. */
  pdfUrl?: string | null;
  /**
   * The membership tier this payment paid (`membershipTierOf`), for its acknowledgement; null
   * for a gift that pays none, absent on older jobs.
   */
  tier?: string | null;
  /** A donor-advised fund's grant: the fund, not the donor, may claim it; absent on older jobs. */
  fundGrant?: boolean;
  /** The office corrected the gift after this receipt was first sent: this one replaces it. */
  corrected?: boolean;
  /** A campaign gift: "Given in <campaign>, matched by <matchers>"; absent otherwise. */
  campaignLine?: string | null;
  /** A campaign gift's signed link to "Don't ask me again for this campaign"; absent otherwise. */
  optOutUrl?: string | null;
}

export interface DonationPaymentFailedData {
  donorName: string | null;
  amountCents: number;
  currency: string;
  /** Stripe's hosted invoice page, where the donor can pay with another card. */
  payUrl: string | null;
  /** The signed link to manage the gift (change the card on file, cancel); absent on older jobs. */
  manageUrl?: string | null;
}

const methodNames = {
  stripe: 'Credit card',
  ojc: 'OJC Fund charity card',
  offline: 'Received by the office',
} as const;

function formatDate(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(new Date(iso));
}

/** Every receipt points to the donor's own page. */
const pdfLabel = 'Download this receipt (PDF)';
const myGivingIntro = 'All your gifts, receipts (PDF) and year-end statements:';

const manageLabel = 'Manage your monthly gift (change card or cancel)';
const manageNote = 'Each monthly receipt brings a fresh link.';

/** The manage link of a monthly gift: a button in HTML… */
function ManageGift({ url, intro }: { url: string; intro?: string }) {
  return (
    <>
      {intro && <Paragraph>{intro}</Paragraph>}
      <Button href={url}>{manageLabel}</Button>
      <Paragraph>{manageNote}</Paragraph>
    </>
  );
}

/** …and the same as plain lines. */
function manageGiftText(url: string | null | undefined, intro?: string): string[] {
  if (!url) return [];
  return ['', ...(intro ? [intro] : []), `${manageLabel}:`, url, manageNote];
}

function dedicationLine(dedication: DonationReceiptData['dedication']) {
  if (!dedication) return null;
  return dedicationText(dedication);
}

const optOutLabel = 'Don’t ask me again for this campaign';
const optOutNote =
  'If a team leader or the office asked you to give, you can tell them, in one step, not to ask again. Your gift and this receipt stay as they are.';

function optOutText(url: string | null | undefined): string[] {
  return url ? ['', optOutNote, `${optOutLabel}:`, url] : [];
}

/** The tax receipt of one completed payment (a one-time gift or one monthly charge). */
export function donationReceipt(ctx: MailContext, data: DonationReceiptData): RenderedMail {
  const { site } = ctx;
  const amount = formatMoney(data.amountCents, data.currency);
  const rows: [string, string][] = [
    ['Organization', site.legalName],
    ['EIN', site.ein],
    ['Amount', amount],
    ['Date', formatDate(data.donatedAt, site.timeZone)],
    ['Payment method', data.methodLine ?? methodNames[data.paymentMethod]],
    ['Gift', data.donationType === 'subscription' ? 'Monthly donation' : 'One-time donation'],
    ['Receipt number', data.receiptNumber ?? data.donationId],
  ];
  const dedication = dedicationLine(data.dedication);
  if (dedication) rows.push(['Dedication', dedication]);
  if (data.campaignLine) rows.push(['Campaign', data.campaignLine]);
  const feeNote =
    data.feeCents > 0
      ? `This amount includes ${formatMoney(data.feeCents, data.currency)} you added to cover the processing fee.`
      : null;
  const acknowledgement = acknowledgementText(site, {
    amountCents: data.amountCents,
    currency: data.currency,
    tier: data.tier ?? null,
    fundGrant: data.fundGrant ?? false,
  });
  const correction = data.corrected
    ? `This corrected receipt replaces the one we sent earlier for this gift, and keeps its receipt number, ${data.receiptNumber ?? data.donationId}. Please keep this one and set the earlier one aside.`
    : null;
  const greeting = data.donorName ? `Dear ${data.donorName},` : 'Dear friend,';
  const thanks = `Thank you for your gift of ${amount} to ${site.product}. Your generosity sustains the prayers at the tziyun and the work of our community.`;
  return {
    subject: `${data.corrected ? 'Corrected donation receipt' : 'Your donation receipt'} | ${site.product}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>{greeting}</Paragraph>
        {correction && <Paragraph>{correction}</Paragraph>}
        <Paragraph>{thanks}</Paragraph>
        <table style={{ borderCollapse: 'collapse', margin: '0 0 16px' }}>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <td style={{ padding: '4px 16px 4px 0', color: '#57534e' }}>{label}</td>
                <td style={{ padding: '4px 0', fontWeight: 600 }}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {feeNote && <Paragraph>{feeNote}</Paragraph>}
        <Paragraph>{acknowledgement}</Paragraph>
        <Paragraph>Please keep this email for your tax records.</Paragraph>
        {data.pdfUrl && <Button href={data.pdfUrl}>{pdfLabel}</Button>}
        <Paragraph>
          {myGivingIntro} <a href={`${ctx.publicUrl}/my-giving`}>My giving</a>
        </Paragraph>
        {data.manageUrl && <ManageGift url={data.manageUrl} />}
        {data.cancelUrl && <CancelOjcGift url={data.cancelUrl} />}
        {data.optOutUrl && (
          <Paragraph>
            {optOutNote} <a href={data.optOutUrl}>{optOutLabel}</a>
          </Paragraph>
        )}
      </EmailLayout>
    ),
    text: textFrame(ctx, [
      greeting,
      '',
      ...(correction ? [correction, ''] : []),
      thanks,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      ...(feeNote ? ['', feeNote] : []),
      '',
      acknowledgement,
      '',
      'Please keep this email for your tax records.',
      ...(data.pdfUrl ? ['', `${pdfLabel}:`, data.pdfUrl] : []),
      '',
      `${myGivingIntro} ${ctx.publicUrl}/my-giving`,
      ...manageGiftText(data.manageUrl),
      ...cancelOjcGiftText(data.cancelUrl),
      ...optOutText(data.optOutUrl),
    ]),
  };
}

/** A monthly charge failed: how to fix the card. */
export function donationPaymentFailed(
  ctx: MailContext,
  data: DonationPaymentFailedData,
): RenderedMail {
  const { site } = ctx;
  const amount = formatMoney(data.amountCents, data.currency);
  const greeting = data.donorName ? `Dear ${data.donorName},` : 'Dear friend,';
  const problem = `This month's charge of ${amount} for your monthly donation to ${site.product} did not go through. Your card may have expired or been replaced.`;
  const fix = data.payUrl
    ? 'You can complete this month’s gift with another card on the secure page below; the bank will try your card on file again over the next days.'
    : 'The bank will try your card on file again over the next days.';
  const manageIntro = 'To put another card on file for the coming months, or to cancel the gift:';
  const contact = `If you have questions or would like to change your gift, write to ${site.contact.email} or call ${site.contact.phone}.`;
  return {
    subject: `Your monthly donation could not be charged | ${site.product}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{problem}</Paragraph>
        <Paragraph>{fix}</Paragraph>
        {data.payUrl && <Button href={data.payUrl}>Update payment</Button>}
        {data.manageUrl && <ManageGift url={data.manageUrl} intro={manageIntro} />}
        <Paragraph>{contact}</Paragraph>
      </EmailLayout>
    ),
    text: textFrame(ctx, [
      greeting,
      '',
      problem,
      '',
      fix,
      ...(data.payUrl ? ['', data.payUrl] : []),
      ...manageGiftText(data.manageUrl, manageIntro),
      '',
      contact,
    ]),
  };
}
