import { formatLongDate } from '~/shared/schedule';
import { Button, EmailLayout, Paragraph, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

/** No name: the address is not proven, and a name on file was typed by whoever gave with it. */
export interface PrayerNamesLinkData {
  url: string;
  hours: number;
}

/** The magic link to a member's names for prayer: no password, one use, a day. */
export function prayerNamesLink(ctx: MailContext, data: PrayerNamesLinkData): RenderedMail {
  const greeting = 'Shalom,';
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

export interface PrayerNamesReminderData {
  name: string;
  /** How many of the giver's names leave the list by `lapsesOn`. Never the names themselves. */
  count: number;
  /** The day they leave the list (ISO date, the site's time zone). */
  lapsesOn: string;
  url: string;
  hours: number;
}

/** Names are about to leave the weekly list: a fresh link to renew them. */
export function prayerNamesReminder(ctx: MailContext, data: PrayerNamesReminderData): RenderedMail {
  const greeting = `Dear ${data.name},`;
  const what =
    data.count === 1 ? 'One of the names you gave' : `${data.count} of the names you gave`;
  const intro = `${what} for Rabbi ${ctx.site.rabbi.shortName}'s prayers at the tziyun will leave the weekly prayer list on ${formatLongDate(data.lapsesOn)} unless you renew ${data.count === 1 ? 'it' : 'them'}.`;
  const how = `Open your names to renew, change or remove them. The link works once, for ${data.hours} hours.`;
  return {
    subject: `Renew your names for prayer | ${ctx.site.product}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{how}</Paragraph>
        <Button href={data.url}>Renew my names</Button>
      </EmailLayout>
    ),
    text: textFrame(ctx, [greeting, '', intro, '', how, data.url]),
  };
}

export interface PrayerNamesReadData {
  name: string;
  /** How many of the giver's names were on the list. Never the names themselves. */
  count: number;
  /** The day the list was read (ISO date) and its Hebrew date, in Hebrew and in English. */
  prayedOn: string;
  hebrewDate: string;
  hebrewDateEnglish: string;
}

/** The office marked the week's list as prayed: each giver hears their names were read. */
export function prayerNamesRead(ctx: MailContext, data: PrayerNamesReadData): RenderedMail {
  const greeting = `Dear ${data.name},`;
  const names =
    data.count === 1 ? 'The name you gave was' : `The ${data.count} names you gave were`;
  const when = `${formatLongDate(data.prayedOn)}, ${data.hebrewDateEnglish} (${data.hebrewDate})`;
  const read = `${names} read by Rabbi ${ctx.site.rabbi.shortName} at the holy tziyun on ${when}.`;
  const blessing = 'May your prayers be answered for good.';
  return {
    subject: `Your names were read at the tziyun | ${ctx.site.product}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{read}</Paragraph>
        <Paragraph>{blessing}</Paragraph>
      </EmailLayout>
    ),
    text: textFrame(ctx, [greeting, '', read, '', blessing]),
  };
}
