import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { campaigns, donations } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { dedicationHebrewLine } from '~/shared/dedication';
import { dedicationKindLabels, dedicationKinds } from '~/shared/domain';
import type { CampaignDedications } from '~/shared/schemas/campaign-dedications';
import { AppError } from '~/server/errors';
import { dedicationOf } from '~/server/lib/dedication';
import { hebrewDateOf } from '~/server/features/prayer-list';

/**
 * The dedications of a campaign's gifts received on `date` (a calendar day in `timeZone`),
 * grouped by kind as the prayer list groups by intention, in the order they came. Only money
 * received counts: a pending, failed, refunded or voided gift is not read.
 */
export async function listDayDedications(
  db: DatabaseExecutor,
  campaignId: string,
  date: string,
  timeZone: string,
): Promise<CampaignDedications> {
  const [campaign] = await db
    .select({ id: campaigns.id, title: campaigns.title, slug: campaigns.slug })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!campaign) throw new AppError('not_found', 'No such campaign.');
  const rows = await db
    .select()
    .from(donations)
    .where(
      and(
        eq(donations.campaignId, campaignId),
        eq(donations.paymentStatus, 'succeeded'),
        isNull(donations.voidedAt),
        isNotNull(donations.dedicationKind),
        sql`(${donations.donatedAt} at time zone ${timeZone})::date = ${date}::date`,
      ),
    )
    .orderBy(asc(donations.donatedAt), asc(donations.id));
  const dedicated = rows.flatMap((row) => {
    const dedication = dedicationOf(row);
    return dedication ? [{ row, dedication }] : [];
  });
  const groups = dedicationKinds
    .map((kind) => ({
      kind,
      label: dedicationKindLabels[kind],
      names: dedicated
        .filter((d) => d.dedication.kind === kind)
        .map(({ row, dedication }) => ({
          id: row.id,
          line: dedicationHebrewLine(dedication),
          name: dedication.name,
          donorName: row.donorName,
        })),
    }))
    .filter((group) => group.names.length > 0);
  return {
    campaign,
    date,
    hebrewDate: hebrewDateOf(date),
    total: dedicated.length,
    groups,
  };
}
