import { and, eq, sql } from 'drizzle-orm';
import { campaignOptOuts, donations } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { onTheWall, wallName, wallShowsName } from './wall';

/**
 * The campaign's donors who asked not to be asked again, as a team leader may see them: by the
 * name the public wall shows for the gift whose receipt carried the link (the whole name, or
 * initials where the donor chose them), in alphabetical order; every other one (anonymous, kept
 * off the wall, a gift no longer on it or of another campaign now, or no gift) only counted. A
 * name the donor kept off the wall is never read out of this function.
 */
export async function leaderOptOuts(
  db: DatabaseExecutor,
  campaignId: string,
): Promise<{ names: string[]; unnamed: number }> {
  const rows = await db
    .select({
      donorName: donations.donorName,
      wallDisplay: donations.wallDisplay,
      onTheWall: sql<boolean>`coalesce(${onTheWall}, false)`,
    })
    .from(campaignOptOuts)
    .leftJoin(
      donations,
      and(
        eq(donations.id, campaignOptOuts.donationId),
        eq(donations.campaignId, campaignOptOuts.campaignId),
      ),
    )
    .where(eq(campaignOptOuts.campaignId, campaignId));
  const names: string[] = [];
  for (const row of rows) {
    if (row.onTheWall && wallShowsName(row.wallDisplay, row.donorName)) {
      names.push(wallName(row.wallDisplay, row.donorName));
    }
  }
  return {
    names: names.sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    unnamed: rows.length - names.length,
  };
}
