import { formatMoney } from '~/shared/money';
import { EmailLayout, Paragraph, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

export interface DonationRenewalFailedOfficeData {
  donationId: string;
  donorName: string | null;
  email: string | null;
  amountCents: number;
  currency: string;
  /** Stripe's ids, to find the gift in Stripe's dashboard. */
  subscriptionId: string;
  invoiceId: string;
  /** ISO time Stripe will try the card again, or null when it will not. */
  nextAttemptAt: string | null;
  /** Whether the donor was emailed a way to pay (they were, when their email is known). */
  donorTold: boolean;
}

function formatDate(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(new Date(iso));
}

/** For the office: a monthly card gift's renewal was declined. */
export function donationRenewalFailedOffice(
  ctx: MailContext,
  data: DonationRenewalFailedOfficeData,
): RenderedMail {
  const { site } = ctx;
  const amount = formatMoney(data.amountCents, data.currency);
  const who = data.donorName ?? data.email ?? data.subscriptionId;
  const headline = `A monthly card gift's charge of ${amount} was declined.`;
  const next = data.nextAttemptAt
    ? `Stripe will try the card again on ${formatDate(data.nextAttemptAt, site.timeZone)}.`
    : 'Stripe will not try the card again on its own.';
  const told = data.donorTold
    ? 'The donor was emailed a link to pay with another card and to manage the gift.'
    : 'We have no email for the donor, so they were not told.';
  const rows: [string, string][] = [
    ['Donor', `${data.donorName ?? '(no name)'} <${data.email ?? 'no email'}>`],
    ['Amount', amount],
    ['Stripe subscription', data.subscriptionId],
    ['Stripe invoice', data.invoiceId],
    ['Donation record', data.donationId],
  ];
  return {
    subject: `Monthly card gift declined: ${who}`,
    ...(data.email ? { replyTo: data.email } : {}),
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>{headline}</Paragraph>
        <Paragraph>{next}</Paragraph>
        <Paragraph>{told}</Paragraph>
        {rows.map(([label, value]) => (
          <Paragraph key={label}>
            {label}: {value}
          </Paragraph>
        ))}
      </EmailLayout>
    ),
    text: textFrame(ctx, [
      headline,
      '',
      next,
      told,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
    ]),
  };
}
