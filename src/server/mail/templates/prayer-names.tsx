import { Button, EmailLayout, Paragraph, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

export interface PrayerNamesLinkData {
  name: string;
  url: string;
  hours: number;
}

/** The magic link to a member's names for prayer: no password, one use, a day. */
export function prayerNamesLink(ctx: MailContext, data: PrayerNamesLinkData): RenderedMail {
  const greeting = `Dear ${data.name},`;
  const intro = `Here is your link to the names you give for Rabbi ${ctx.site.rabbi.shortName}'s prayers at the tziyun. It works once, for ${data.hours} hours.`;
  const ignore = 'If you did not ask for it, you can ignore this email.';
  return {
    subject: `Your names for prayer | ${ctx.site.product}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{intro}</Paragraph>
        <Button href={data.url}>Open my names</Button>
        <Paragraph>{ignore}</Paragraph>
      </EmailLayout>
    ),
    text: textFrame(ctx, [greeting, '', intro, data.url, '', ignore]),
  };
}
