import { formatMoney } from '~/shared/money';
import { Button, EmailLayout, Paragraph, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

export interface AmbassadorGiftData {
  campaignTitle: string;
  teamName: string;
  leaderName: string;
  /** As the donor chose to be shown on the wall: a name, initials, or "Anonymous". */
  donorShownAs: string;
  /** The gift, in cents, when the office and the donor's choice let the leader see it; else null. */
  amountCents: number | null;
  /** A monthly gift: the amount is each month's. */
  monthly: boolean;
  currency: string;
  /** The leader's list (signed); null once it has closed after the campaign. */
  listUrl: string | null;
}

/** Why a leader gets these notes, and when they never come: said in every leader's mail. */
export const LEADER_QUIET_PROMISE =
  'We never write to team leaders at night (10 pm to 8 am) or on Shabbat and Yom Tov: a note due then waits for the morning after.';

/**
 * A team leader's note of one gift through the team: who gave, as the donor chose to be shown,
 * and the amount only when the office allows it and the donor shows it on the wall. Its words ask
 * the leader to thank, never to press for more.
 */
export function ambassadorGift(ctx: MailContext, data: AmbassadorGiftData): RenderedMail {
  const { site } = ctx;
  const greeting = `Dear ${data.leaderName},`;
  const amount =
    data.amountCents === null
      ? null
      : `${formatMoney(data.amountCents, data.currency)}${data.monthly ? ' a month' : ''}`;
  const gave = amount ? `gave ${amount}` : data.monthly ? 'gave monthly' : 'gave';
  const news = `${data.donorShownAs} ${gave} to ${data.campaignTitle} through your team, ${data.teamName}.`;
  const anonymous = data.donorShownAs === 'Anonymous';
  const thanks = anonymous
    ? 'This donor asked to stay anonymous, so we cannot tell you who it was. Thank you for bringing your circle.'
    : 'A word of thanks is welcome. Please do not ask them for more: every gift is enough.';
  const list =
    'Your team’s list shows every gift through your team and who asked not to be asked again:';
  const why = amount
    ? `You receive this note because you lead a team. ${LEADER_QUIET_PROMISE}`
    : `You receive this note because you lead a team. The amount stays between the donor and the office. ${LEADER_QUIET_PROMISE}`;
  const signature = `With thanks, ${site.legalName}`;
  return {
    subject: `A gift through your team, ${data.teamName}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{news}</Paragraph>
        <Paragraph>{thanks}</Paragraph>
        {data.listUrl ? (
          <>
            <Paragraph>{list}</Paragraph>
            <Button href={data.listUrl}>Open my team’s list</Button>
          </>
        ) : null}
        <Paragraph>{why}</Paragraph>
        <Paragraph>{signature}</Paragraph>
      </EmailLayout>
    ),
    text: textFrame(ctx, [
      greeting,
      '',
      news,
      '',
      thanks,
      '',
      ...(data.listUrl ? [list, data.listUrl, ''] : []),
      why,
      '',
      signature,
    ]),
  };
}
