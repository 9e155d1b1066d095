import { eq } from 'drizzle-orm';
import { donations, type CampaignRow } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { isoDateIn } from '~/shared/schedule';
import type { SignedLinks } from '~/server/lib/signed-link';
import type { MailTemplates } from '~/server/services/mail/templates';
import { leaderGiftView } from './leader-gift-view';
import { teamListClosesAt, teamListUrl, teamPagePath } from './team-list-link';
import { teamWithCampaign } from './team-with-campaign';

/** What a leader's note needs when it is written: the database, the links, the site's clock. */
interface LeaderNoteContext {
  db: DatabaseExecutor;
  links: SignedLinks;
  timeZone: string;
  now: Date;
}

/** A mail to a team leader, read from the rows as they are when it goes. */
export type LeaderNote = {
  [K in 'ambassador-gift' | 'ambassador-welcome']: {
    to: string;
    template: K;
    data: MailTemplates[K];
  };
}['ambassador-gift' | 'ambassador-welcome'];

/** The leader's list link and its last day, while the list is open; else null. */
function listLinkOf(
  ctx: LeaderNoteContext,
  campaign: CampaignRow,
  team: { id: string; slug: string },
) {
  const closesAt = teamListClosesAt(campaign);
  if (ctx.now >= closesAt) return null;
  // The last whole day: a list that closes at midnight is open until the day before.
  const until = isoDateIn(new Date(closesAt.getTime() - 1), ctx.timeZone);
  return { url: teamListUrl(ctx.links, campaign, team), until };
}

/**
 * The note of a gift through a team, as the gift stands now: none for a gift refunded, disputed,
 * voided or failed since it was queued, moved out of the team it was queued for (the team it
 * moved to has its own) or of its campaign, or through a team the office has since declined.
 * The leader's name and address are the team's current ones.
 */
export async function giftNoteOf(
  ctx: LeaderNoteContext,
  donationId: string,
  queuedFor?: string,
): Promise<LeaderNote | null> {
  const [gift] = await ctx.db.select().from(donations).where(eq(donations.id, donationId));
  if (!gift?.teamId || gift.paymentStatus !== 'succeeded' || gift.voidedAt) return null;
  if (queuedFor && gift.teamId !== queuedFor) return null;
  const found = await teamWithCampaign(ctx.db, gift.teamId);
  if (!found || found.team.status !== 'approved' || found.campaign.id !== gift.campaignId) {
    return null;
  }
  const { team, campaign } = found;
  const shown = leaderGiftView(gift, campaign);
  return {
    to: team.leaderEmail,
    template: 'ambassador-gift',
    data: {
      campaignTitle: campaign.title,
      teamName: team.name,
      leaderName: team.leaderName,
      donorShownAs: shown.name,
      amountCents: shown.amountCents,
      monthly: shown.monthly,
      currency: gift.currency,
      listUrl: listLinkOf(ctx, campaign, team)?.url ?? null,
    },
  };
}

/**
 * The mail of a team the office opened, to the leader it was queued for: none when the team is
 * no longer approved, its campaign is not published, its leader's address changed since (the new
 * address has its own), or its list has closed (the campaign is long over).
 */
export async function welcomeNoteOf(
  ctx: LeaderNoteContext,
  teamId: string,
  queuedFor: string,
): Promise<LeaderNote | null> {
  const found = await teamWithCampaign(ctx.db, teamId);
  if (!found || found.team.status !== 'approved' || found.campaign.status !== 'published') {
    return null;
  }
  const { team, campaign } = found;
  if (team.leaderEmail.toLowerCase() !== queuedFor) return null;
  const list = listLinkOf(ctx, campaign, team);
  if (!list) return null;
  return {
    to: team.leaderEmail,
    template: 'ambassador-welcome',
    data: {
      campaignTitle: campaign.title,
      teamName: team.name,
      leaderName: team.leaderName,
      teamUrl: `${ctx.links.publicUrl}${teamPagePath({ campaign, team })}`,
      listUrl: list.url,
      listUntil: list.until,
      showsAmounts: campaign.ambassadorMailShowsAmount,
    },
  };
}
