import { Button, EmailLayout, Paragraph, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

/** No name: the address is not proven, and a name on file was typed by whoever gave with it. */
export interface GivingLinkData {
  url: string;
  hours: number;
}

/** The single-use link to 'My giving': every gift, receipt and statement of this address. */
export function givingLink(ctx: MailContext, data: GivingLinkData): RenderedMail {
  const greeting = 'Shalom,';
  const intro = `Here is your link to your giving to ${ctx.site.product}: your gifts, receipts and year-end statements. It works once, for ${data.hours} hours.`;
  const ignore = 'If you did not ask for it, you can ignore this email.';
  return {
    subject: `Your giving | ${ctx.site.product}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{intro}</Paragraph>
        <Button href={data.url}>Open my giving</Button>
        <Paragraph>{ignore}</Paragraph>
      </EmailLayout>
    ),
    text: textFrame(ctx, [greeting, '', intro, data.url, '', ignore]),
  };
}
