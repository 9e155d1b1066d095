import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { donations, members, type Donation } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { zonedMidnight } from '../../lib/zoned-time';
import { keptCents } from './donor-gifts';
import { renderReceiptPdf, renderStatementPdf } from './pdf/giving-pdfs';

/** The tier of the donor's latest membership that was ever paid, for the goods-or-services line. */
async function tierOf(db: DatabaseExecutor, email: string): Promise<string | null> {
  const [member] = await db
    .select({ tier: members.tier })
    .from(members)
    .where(and(sql`lower(${members.email}) = ${email}`, ne(members.status, 'pending')))
    .orderBy(desc(members.createdAt))
    .limit(1);
  return member?.tier ?? null;
}

/** The gifts of `email` recorded in calendar year `year` (site time), oldest first. */
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
        sql`lower(${donations.email}) = ${email}`,
        eq(donations.paymentStatus, 'succeeded'),
        gte(donations.createdAt, zonedMidnight(year, 1, 1, timeZone)),
        lt(donations.createdAt, zonedMidnight(year + 1, 1, 1, timeZone)),
      ),
    )
    .orderBy(asc(donations.createdAt), asc(donations.id));
}

/** A gift's receipt PDF, or null when it is not a gift received (and kept) at all. */
export async function receiptPdfOf(app: FastifyInstance, gift: Donation) {
  if (keptCents(gift) === 0) return null;
  const tier = gift.email ? await tierOf(app.database.db, gift.email.toLowerCase()) : null;
  return renderReceiptPdf(await app.siteContent.site(), gift, tier);
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
    tier: await tierOf(db, email),
  });
}
