import { formatLongDate } from '~/shared/schedule';
import { LEADER_QUIET_PROMISE } from './ambassador-gift';
import { Button, EmailLayout, Paragraph, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

export interface AmbassadorWelcomeData {
  campaignTitle: string;
  teamName: string;
  leaderName: string;
  /** The team's public page: a gift given from it is credited to the team. */
  teamUrl: string;
  /** The leader's list (signed), and its last day (YYYY-MM-DD). */
  listUrl: string;
  listUntil: string;
  /** The office's setting: the notes say how much (where the donor shows it). */
  showsAmounts: boolean;
}

/**
 * The mail a team leader gets when the office opens their team: the link to share, their own
 * list, what each note of a gift will say, and the promise of quiet hours.
 */
export function ambassadorWelcome(ctx: MailContext, data: AmbassadorWelcomeData): RenderedMail {
  const { site } = ctx;
  const greeting = `Dear ${data.leaderName},`;
  const open = `Your team, ${data.teamName}, is open for ${data.campaignTitle}. Share this link: every gift given from it counts for your team.`;
  const list = `Your own list shows the gifts through your team and the donors who asked not to be asked again for this campaign. It is for you only, and it works until ${formatLongDate(data.listUntil)}:`;
  const told = data.showsAmounts
    ? 'Each time someone gives through your team we will write to you who gave, as they chose to be shown (someone who gave anonymously is “Anonymous”), and how much when they show it.'
    : 'Each time someone gives through your team we will write to you who gave, as they chose to be shown (someone who gave anonymously is “Anonymous”). The amounts stay between the donors and the office.';
  const gently = 'A word of thanks is welcome. Please never press anyone: every gift is enough.';
  const signature = `With thanks, ${site.legalName}`;
  return {
    subject: `Your team is open: ${data.teamName}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{open}</Paragraph>
        <Button href={data.teamUrl}>Your team’s page</Button>
        <Paragraph>{list}</Paragraph>
        <Button href={data.listUrl}>Open my team’s list</Button>
        <Paragraph>{told}</Paragraph>
        <Paragraph>{LEADER_QUIET_PROMISE}</Paragraph>
        <Paragraph>{gently}</Paragraph>
        <Paragraph>{signature}</Paragraph>
      </EmailLayout>
    ),
    text: textFrame(ctx, [
      greeting,
      '',
      open,
      data.teamUrl,
      '',
      list,
      data.listUrl,
      '',
      told,
      '',
      LEADER_QUIET_PROMISE,
      '',
      gently,
      '',
      signature,
    ]),
  };
}
