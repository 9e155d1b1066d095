import { formatMoney } from '~/shared/money';
import { Button, EmailLayout, Paragraph, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

const cancelLabel = 'Cancel your monthly gift';
const cancelIntro =
  'Your OJC card will be charged this amount again next month. To stop the monthly gift:';
const cancelNote = 'This link works for 60 days; each monthly receipt brings a fresh one.';

/** The cancel link in a monthly OJC gift's receipt: a button in HTML… */
export function CancelOjcGift({ url }: { url: string }) {
  return (
    <>
      <Paragraph>{cancelIntro}</Paragraph>
      <Button href={url}>{cancelLabel}</Button>
      <Paragraph>{cancelNote}</Paragraph>
    </>
  );
}

/** …and the same as plain lines. */
export function cancelOjcGiftText(url: string | null | undefined): string[] {
  if (!url) return [];
  return ['', cancelIntro, `${cancelLabel}:`, url, cancelNote];
}

export interface OjcGiftDeclinedData {
  donorName: string;
  amountCents: number;
  currency: string;
  cardLast4: string;
  /** What OJC's refusal means, as the donor reads it. */
  reason: string;
}

/** A month's charge of a monthly OJC gift was declined: the gift has stopped; how to give again. */
export function ojcGiftDeclined(ctx: MailContext, data: OjcGiftDeclinedData): RenderedMail {
  const { site, publicUrl } = ctx;
  const amount = formatMoney(data.amountCents, data.currency);
  const greeting = `Dear ${data.donorName},`;
  const problem = `This month's charge of ${amount} for your monthly gift to ${site.product} was declined by OJC Fund on your card ending in ${data.cardLast4}: ${data.reason}`;
  const stopped =
    'Your monthly gift has stopped, and the card is no longer kept on file. Nothing more will be charged.';
  const again = 'To give again, or to start a new monthly gift with another card:';
  const donateUrl = `${publicUrl}/donate`;
  const contact = `If you would rather we help, write to ${site.contact.email} or call ${site.contact.phone}.`;
  return {
    subject: `Your monthly gift could not be charged | ${site.product}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{problem}</Paragraph>
        <Paragraph>{stopped}</Paragraph>
        <Paragraph>{again}</Paragraph>
        <Button href={donateUrl}>Give again</Button>
        <Paragraph>{contact}</Paragraph>
      </EmailLayout>
    ),
    text: textFrame(ctx, [greeting, '', problem, '', stopped, '', again, donateUrl, '', contact]),
  };
}

export interface OjcChargeOfficeData {
  /** `declined`: a monthly charge was refused and the gift stopped; `unconfirmed`: OJC never answered. */
  outcome: 'declined' | 'unconfirmed';
  donationId: string;
  giftId: string | null;
  donorName: string | null;
  email: string | null;
  amountCents: number;
  currency: string;
  cardLast4: string | null;
  /** OJC's answer, in words. */
  detail: string;
}

/** For the office: a monthly OJC charge was declined, or a charge's outcome is unknown. */
export function ojcChargeOffice(ctx: MailContext, data: OjcChargeOfficeData): RenderedMail {
  const amount = formatMoney(data.amountCents, data.currency);
  const headline =
    data.outcome === 'declined'
      ? `A monthly OJC gift's charge of ${amount} was declined; the gift has stopped and the donor was told.`
      : `OJC Fund did not answer a charge of ${amount}. The card may or may not have been charged: check OJC's portal for the reference below, then write to the donor.`;
  const rows: [string, string][] = [
    ['Donor', `${data.donorName ?? '(no name)'} <${data.email ?? 'no email'}>`],
    ['Amount', amount],
    ['Card', data.cardLast4 ? `ending in ${data.cardLast4}` : 'unknown'],
    ['Reference sent to OJC', data.donationId],
    ['Monthly gift', data.giftId ?? 'none (one-time)'],
    ['OJC', data.detail],
  ];
  return {
    subject:
      data.outcome === 'declined'
        ? `Monthly OJC gift declined: ${data.donorName ?? data.email ?? data.donationId}`
        : `OJC charge to check: ${data.donorName ?? data.email ?? data.donationId}`,
    ...(data.email ? { replyTo: data.email } : {}),
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>{headline}</Paragraph>
        {rows.map(([label, value]) => (
          <Paragraph key={label}>
            {label}: {value}
          </Paragraph>
        ))}
      </EmailLayout>
    ),
    text: textFrame(ctx, [headline, '', ...rows.map(([label, value]) => `${label}: ${value}`)]),
  };
}
