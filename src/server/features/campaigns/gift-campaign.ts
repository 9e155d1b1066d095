import { eq } from 'drizzle-orm';
import { campaigns, type CampaignRow } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { AppError } from '~/server/errors';

/** When a campaign takes gifts: from its start to its end, or to the end of its "still open" time. */
export function takesGifts(campaign: CampaignRow, now: Date) {
  const closes = campaign.openUntil ?? campaign.endsAt;
  return (
    campaign.status === 'published' &&
    campaign.startsAt.getTime() <= now.getTime() &&
    now.getTime() < closes.getTime()
  );
}

const notTaking = (message: string) =>
  new AppError('validation_failed', message, { campaign: message });

/**
 * The campaign a new gift is for, by its slug: published and taking gifts now. A gift for an
 * unknown campaign, or one not open, is refused plainly before any payment is set up.
 */
export async function campaignForGift(
  db: DatabaseExecutor,
  slug: string | null | undefined,
  now: Date,
): Promise<string | null> {
  if (!slug) return null;
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.slug, slug));
  if (!campaign || campaign.status !== 'published') {
    throw notTaking('There is no such campaign. Your gift was not taken; please give without it.');
  }
  if (now.getTime() < campaign.startsAt.getTime()) {
    throw notTaking(
      'This campaign has not started yet, so it cannot take your gift. Nothing was charged.',
    );
  }
  if (!takesGifts(campaign, now)) {
    throw notTaking('This campaign has ended, so it cannot take your gift. Nothing was charged.');
  }
  return campaign.id;
}

/**
 * The campaign a gift the office received belongs to, by its slug: any published campaign (a
 * cheque handed over during the campaign may be typed in days later). A draft or unknown one is
 * refused with the field's message.
 */
export async function campaignForOfficeGift(db: DatabaseExecutor, slug: string) {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.slug, slug));
  if (!campaign || campaign.status !== 'published') {
    const message = campaign
      ? 'This campaign is not published yet: publish it first, or choose another'
      : 'There is no campaign with this address: choose one from the list';
    throw new AppError('validation_failed', 'Please check the campaign.', { campaign: message });
  }
  return campaign;
}
