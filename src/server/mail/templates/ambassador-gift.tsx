import { formatMoney } from '~/shared/money';
import { EmailLayout, Paragraph, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

export interface AmbassadorGiftData {
  campaignTitle: string;
  teamName: string;
  leaderName: string;
  /** As the donor chose to be shown on the wall: a name, initials, or "Anonymous". */
  donorShownAs: string;
  /** The gift, in cents, when the office and the donor's choice let the leader see it; else null. */
  amountCents: number | null;
  currency: string;
}

/**
 * A team leader's note of one gift through the team: who gave, as the donor chose to be shown,
 * and the amount only when the office allows it and the donor shows it on the wall. Its words ask
 * the leader to thank, never to press for more.
 */
export function ambassadorGift(ctx: MailContext, data: AmbassadorGiftData): RenderedMail {
  const { site } = ctx;
  const greeting = `Dear ${data.leaderName},`;
  const amount = data.amountCents === null ? null : formatMoney(data.amountCents, data.currency);
  const news = amount
    ? `${data.donorShownAs} gave ${amount} to ${data.campaignTitle} through your team, ${data.teamName}.`
    : `${data.donorShownAs} gave to ${data.campaignTitle} through your team, ${data.teamName}.`;
  const anonymous = data.donorShownAs === 'Anonymous';
  const thanks = anonymous
    ? 'This donor asked to stay anonymous, so we cannot tell you who it was. Thank you for bringing your circle.'
    : 'A word of thanks is welcome. Please do not ask them for more: every gift is enough.';
  const why = amount
    ? 'You receive this note because you lead a team. We never send it at night or on Shabbat and Yom Tov.'
    : 'You receive this note because you lead a team. The amount stays between the donor and the office. We never send it at night or on Shabbat and Yom Tov.';
  const signature = `With thanks, ${site.legalName}`;
  return {
    subject: `A gift through your team, ${data.teamName}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{news}</Paragraph>
        <Paragraph>{thanks}</Paragraph>
        <Paragraph>{why}</Paragraph>
        <Paragraph>{signature}</Paragraph>
      </EmailLayout>
    ),
    text: textFrame(ctx, [greeting, '', news, '', thanks, '', why, '', signature]),
  };
}
