import { and, eq } from 'drizzle-orm';
import { campaignTeams, type CampaignRow, type Donation } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { ambassadorGiftShown, queueAmbassadorGiftMail } from './ambassador-mail';

/**
 * Tells an approved team's leader of a gift through the team once its money is in: queued in the
 * gift's own transaction, keyed by the gift (a refund or a second settling queues nothing more).
 * Queued due now: the job itself waits out the night, Shabbat and Yom Tov when it runs.
 */
export async function noteTeamGift(
  tx: DatabaseExecutor,
  gift: Donation,
  campaign: CampaignRow,
  now: Date,
) {
  if (!gift.teamId || gift.paymentStatus !== 'succeeded' || gift.voidedAt) return;
  const [team] = await tx
    .select()
    .from(campaignTeams)
    .where(and(eq(campaignTeams.id, gift.teamId), eq(campaignTeams.status, 'approved')));
  if (!team) return;
  const shown = ambassadorGiftShown(
    { wallDisplay: gift.wallDisplay, donorName: gift.donorName },
    campaign,
  );
  await queueAmbassadorGiftMail(
    tx,
    {
      campaignId: campaign.id,
      teamName: team.name,
      leaderName: team.leaderName,
      leaderEmail: team.leaderEmail,
      donorShownAs: shown.donorShownAs,
      amountCents: gift.amountCents,
      showAmount: shown.showAmount,
      donationId: gift.id,
      currency: gift.currency,
    },
    { now },
  );
}
