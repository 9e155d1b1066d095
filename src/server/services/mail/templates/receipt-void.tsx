import { formatMoney } from '~/shared/money';
import { EmailLayout, Paragraph, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

export interface ReceiptVoidData {
  donorName: string | null;
  receiptNumber: string;
  amountCents: number;
  currency: string;
  /** ISO time the gift was received. */
  donatedAt: string;
  /** How it came ("Cheque 1042"). */
  methodLine: string;
  /** The office's words for the donor, if it chose to give any; its own reason stays inside. */
  donorNote?: string | null;
}

/**
 * A gift the office recorded did not reach the community after all (a cheque the bank returned):
 * its receipt no longer holds. The office's reason is internal; the donor reads a fixed sentence
 * and the note the office wrote for them, if any.
 */
export function receiptVoid(ctx: MailContext, data: ReceiptVoidData): RenderedMail {
  const { site } = ctx;
  const amount = formatMoney(data.amountCents, data.currency);
  const day = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeZone: site.timeZone,
  }).format(new Date(data.donatedAt));
  const greeting = data.donorName ? `Dear ${data.donorName},` : 'Dear friend,';
  const what = `Receipt number ${data.receiptNumber} (${amount}, ${data.methodLine}, received ${day}) is void: ${site.legalName} no longer counts that gift as received, so the receipt cannot be used for your taxes.`;
  const keep =
    'Please set that receipt aside. It is no longer counted in your giving or on your year-end statement.';
  const contact = `If you have questions, or this is a mistake, write to ${site.contact.email} or call ${site.contact.phone}.`;
  const note = data.donorNote?.trim() || null;
  return {
    subject: `Receipt ${data.receiptNumber} is void | ${site.product}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{what}</Paragraph>
        {note && <Paragraph>{note}</Paragraph>}
        <Paragraph>{keep}</Paragraph>
        <Paragraph>{contact}</Paragraph>
      </EmailLayout>
    ),
    text: textFrame(ctx, [greeting, '', what, ...(note ? ['', note] : []), '', keep, '', contact]),
  };
}
