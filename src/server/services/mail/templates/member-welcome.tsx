import { formatMoney } from '~/shared/money';
import { formatLongDate, isoDateIn, nextSessionDate } from '~/shared/schedule';
import { EmailLayout, Paragraph, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

export interface MemberWelcomeData {
  name: string;
  tierId: string;
  monthlyAmountCents: number;
  /** When the first payment made the member active (ISO): the sessions named follow it. */
  activatedAt: string;
}

/**
 * The welcome materials of spec /join step 3, sent when the first monthly payment arrived: the
 * prayer schedule, the next Zoom teaching for the tiers invited to it, and for the mentorship
 * circle's tier its next session. Dates come from site.config.ts, rolled forward past
 * `activatedAt`.
 */
export function memberWelcome(ctx: MailContext, data: MemberWelcomeData): RenderedMail {
  const { site } = ctx;
  const tier = site.tiers.find((t) => t.id === data.tierId) ?? site.tiers[0]!;
  const today = isoDateIn(new Date(data.activatedAt), site.timeZone);
  const { prayer, zoomTeaching } = site.memberSchedule;
  const { mentorship } = site;

  const paragraphs = [
    `Your first monthly gift of ${formatMoney(data.monthlyAmountCents)} has arrived: welcome to the ${tier.name} of ${site.product}.`,
    `Prayer schedule: ${prayer}`,
  ];
  if (zoomTeaching.tiers.includes(tier.id)) {
    const date = nextSessionDate(zoomTeaching.nextSession, zoomTeaching.everyMonths, today);
    paragraphs.push(
      `Next live Zoom teaching: ${formatLongDate(date)}, ${zoomTeaching.time}. The link to join comes by email before the session.`,
    );
  }
  if (mentorship.tier === tier.id) {
    const date = nextSessionDate(mentorship.nextSession, mentorship.everyMonths, today);
    paragraphs.push(
      `${mentorship.heading}: the next session is ${formatLongDate(date)} (${mentorship.sessionMinutes} minutes, limited to ${mentorship.seats} members of the ${tier.name}). The office will write to reserve your seat.`,
    );
  }
  paragraphs.push(
    `Questions? Write to ${site.contact.email} or call ${site.contact.phone}; Rabbi ${site.rabbi.shortName} and our office are here for you.`,
  );
  const greeting = `Dear ${data.name},`;
  return {
    subject: `Welcome to the ${tier.name} | ${site.product}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>{greeting}</Paragraph>
        {paragraphs.map((text) => (
          <Paragraph key={text}>{text}</Paragraph>
        ))}
      </EmailLayout>
    ),
    text: textFrame(ctx, [greeting, ...paragraphs.flatMap((text) => ['', text])]),
  };
}
