import { formatMoney } from '~/shared/money';
import { formatLongDate } from '~/shared/schedule';
import { Button, EmailLayout, Paragraph, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

export interface PledgeReminderData {
  name: string;
  amountCents: number;
  /** What the pledge was for, as the office wrote it; null for the community's work. */
  campaign: string | null;
  /** The day the donor thought to give (ISO date, the site's calendar). */
  expectedOn: string;
}

/**
 * A kind word about a pledge, sent only when the office clicks Remind: what was promised and
 * how to give, and no pressure. A donor who already sent it may ignore it.
 */
export function pledgeReminder(ctx: MailContext, data: PledgeReminderData): RenderedMail {
  const { site, publicUrl } = ctx;
  const amount = formatMoney(data.amountCents, 'usd');
  const forWhat = data.campaign ? `for ${data.campaign}` : `for the work of ${site.product}`;
  const greeting = `Dear ${data.name},`;
  const thanks = `Thank you for your pledge of ${amount} ${forWhat}, which you thought to give around ${formatLongDate(data.expectedOn)}. It means a great deal to us.`;
  const gentle = 'This is only a gentle note, in case it is helpful. There is no rush.';
  const online = 'You can give online on our donate page:';
  const donateUrl = `${publicUrl}/donate`;
  const cheque = `Or send a cheque payable to ${site.legalName} to: ${site.receipts.legalAddress.join(', ')}.`;
  const already =
    'If you have already sent it, thank you, and please ignore this email. If anything has changed, just let us know: we understand.';
  return {
    subject: `Your pledge to ${site.product}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{thanks}</Paragraph>
        <Paragraph>{gentle}</Paragraph>
        <Paragraph>{online}</Paragraph>
        <Button href={donateUrl}>Give online</Button>
        <Paragraph>{cheque}</Paragraph>
        <Paragraph>{already}</Paragraph>
      </EmailLayout>
    ),
    text: textFrame(ctx, [
      greeting,
      '',
      thanks,
      '',
      gentle,
      '',
      online,
      donateUrl,
      '',
      cheque,
      '',
      already,
    ]),
  };
}
