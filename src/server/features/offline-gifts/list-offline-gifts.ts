import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { campaignTeams, campaigns, donations, offlineGiftPhotos } from '~/db/schema';
import type { Database } from '~/db/client';
import { serializeOfflineGift } from './serialize-offline-gift';

/** How many of the latest gifts the office's list shows: older ones are in the donor table. */
export const RECENT_OFFLINE_GIFTS = 50;

/** The latest gifts the office recorded, newest received first, voided ones with them. */
export async function listOfflineGifts(db: Database, timeZone: string) {
  const rows = await db
    .select({
      ...getTableColumns(donations),
      hasPhoto: sql<boolean>`${offlineGiftPhotos.donationId} is not null`,
      campaignSlug: campaigns.slug,
      campaignTitle: campaigns.title,
      teamSlug: campaignTeams.slug,
      teamName: campaignTeams.name,
    })
    .from(donations)
    .leftJoin(offlineGiftPhotos, eq(offlineGiftPhotos.donationId, donations.id))
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .leftJoin(campaignTeams, eq(campaignTeams.id, donations.teamId))
    .where(eq(donations.paymentMethod, 'offline'))
    .orderBy(desc(donations.createdAt), desc(donations.receiptNumber))
    .limit(RECENT_OFFLINE_GIFTS);
  return rows.map(({ hasPhoto, campaignSlug, campaignTitle, teamSlug, teamName, ...row }) =>
    serializeOfflineGift(
      row,
      timeZone,
      hasPhoto,
      row.campaignId && campaignSlug && campaignTitle
        ? { id: row.campaignId, slug: campaignSlug, title: campaignTitle }
        : null,
      teamSlug && teamName ? { slug: teamSlug, name: teamName } : null,
    ),
  );
}
