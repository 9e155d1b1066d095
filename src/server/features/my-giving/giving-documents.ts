import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, isNull, lt } from 'drizzle-orm';
import { donations, type Donation } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { zonedMidnight } from '~/server/lib/zoned-time';
import { giftsOfPersonWithEmail } from '~/server/services/donors/donor-of-email';
import { membershipTierOf } from '~/server/services/receipts/acknowledgement';
import { campaignLineOf } from '~/server/services/receipts/campaign-line';
import { keptCents } from './donor-gifts';
import { renderReceiptPdf, renderStatementPdf } from './pdf/giving-pdfs';

/**
 * The gifts of the person `email` belongs to (every address of their record, ADR 053) recorded in
 * calendar year `year` (site time), none voided, oldest first.
 */
export function giftsInYear(
  db: DatabaseExecutor,
  email: string,
  year: number,
  timeZone: string,
): Promise<Donation[]> {
  return db
    .select()
    .from(donations)
    .where(
      and(
        giftsOfPersonWithEmail(email),
        eq(donations.paymentStatus, 'succeeded'),
        isNull(donations.voidedAt),
        gte(donations.createdAt, zonedMidnight(year, 1, 1, timeZone)),
        lt(donations.createdAt, zonedMidnight(year + 1, 1, 1, timeZone)),
      ),
    )
    .orderBy(asc(donations.createdAt), asc(donations.id));
}

/** A gift's receipt PDF, or null when it is not a gift received (and kept) at all. */
export async function receiptPdfOf(app: FastifyInstance, gift: Donation) {
  if (keptCents(gift) === 0) return null;
  const { db } = app.database;
  const tier = await membershipTierOf(db, gift);
  return renderReceiptPdf(await app.siteContent.site(), gift, tier, await campaignLineOf(db, gift));
}

/**
 * The donor's statement for `year` as PDF, or null when nothing was received and kept from them
 * that year. Named as their latest gift of the year names them.
 */
export async function statementPdfOf(app: FastifyInstance, email: string, year: number) {
  const { db } = app.database;
  const gifts = (await giftsInYear(db, email, year, app.siteConfig.timeZone)).filter(
    (g) => keptCents(g) > 0,
  );
  if (gifts.length === 0) return null;
  const name = gifts.findLast((g) => g.donorName?.trim())?.donorName?.trim() ?? 'Friend';
  return renderStatementPdf(await app.siteContent.site(), {
    name,
    email,
    year,
    gifts,
    tiers: new Map(
      await Promise.all(gifts.map(async (g) => [g.id, await membershipTierOf(db, g)] as const)),
    ),
    campaignLines: new Map(
      await Promise.all(gifts.map(async (g) => [g.id, await campaignLineOf(db, g)] as const)),
    ),
  });
}
