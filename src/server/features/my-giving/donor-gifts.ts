import { myGivingApi } from '~/shared/api/my-giving';
import { urlOf } from '~/shared/route';
import { and, asc, desc, ne } from 'drizzle-orm';
import { donations, type Donation } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { zonedParts } from '~/server/lib/zoned-time';
import { giftsOfPersonWithEmail } from '~/server/services/donors/donor-of-email';

/**
 * A donor's gifts, by the person the address belongs to (their donor record, ADR 053): every
 * row but unfinished checkouts (`pending`), newest first. The gifts of the record's other
 * addresses (merged) and the office's gifts without email it chose this record for are theirs
 * too; a name alone never matches.
 */
export function giftsOf(db: DatabaseExecutor, email: string, order: 'newest' | 'oldest') {
  return db
    .select()
    .from(donations)
    .where(and(giftsOfPersonWithEmail(email), ne(donations.paymentStatus, 'pending')))
    .orderBy(
      order === 'newest' ? desc(donations.createdAt) : asc(donations.createdAt),
      asc(donations.id),
    );
}

/**
 * What a gift counts as received and kept, as the donor dashboard counts money
 * (admin-donors/payment-stats.ts): a succeeded gift's amount less its refunds; nothing else, and
 * nothing for a gift the office voided (a returned cheque).
 */
export const keptCents = (
  gift: Pick<Donation, 'paymentStatus' | 'amountCents' | 'refundedCents' | 'voidedAt'>,
) =>
  gift.paymentStatus === 'succeeded' && !gift.voidedAt
    ? Math.max(0, gift.amountCents - gift.refundedCents)
    : 0;

/** The calendar year of a gift in the site's time zone, by its recorded date (as the dashboard). */
export const yearOf = (gift: Pick<Donation, 'createdAt'>, timeZone: string) =>
  zonedParts(gift.createdAt, timeZone).year;

/** Per calendar year: what was kept and how many gifts counted, newest year first. */
export function yearsOf(gifts: Donation[], timeZone: string) {
  const years = new Map<number, { year: number; keptCents: number; gifts: number }>();
  for (const gift of gifts) {
    const kept = keptCents(gift);
    if (kept === 0) continue;
    const year = yearOf(gift, timeZone);
    const entry = years.get(year) ?? { year, keptCents: 0, gifts: 0 };
    entry.keptCents += kept;
    entry.gifts += 1;
    years.set(year, entry);
  }
  return [...years.values()].sort((a, b) => b.year - a.year);
}

/** Where the donor's statement for a year is served (with their session). */
export const statementPdfPath = (year: number) =>
  urlOf(myGivingApi.statement, { params: { year } });
