import { eq, sql } from 'drizzle-orm';
import { donations, pledges } from '~/db/schema';
import type { Database } from '~/db/client';
import { serializePledge } from './serialize-pledge';

/** Closed pledges shown under the open ones: the recent history, not an archive. */
const CLOSED_SHOWN = 200;
/** A bound far above any office's open promises, so one answer can never grow without end. */
const OPEN_SHOWN = 10_000;

/**
 * Every open pledge, soonest expected first (the overdue ones lead), then the latest paid and
 * cancelled ones. The open amount is a promise, summed here only: no total of money reads it.
 */
export async function listPledges(db: Database, today: string) {
  const rows = async (open: boolean) =>
    db
      .select({ pledge: pledges, receiptNumber: donations.receiptNumber })
      .from(pledges)
      .leftJoin(donations, eq(donations.id, pledges.paidDonationId))
      .where(open ? eq(pledges.status, 'open') : sql`${pledges.status} <> 'open'`)
      .orderBy(
        ...(open
          ? [pledges.expectedOn, pledges.createdAt]
          : [sql`${pledges.updatedAt} desc`, sql`${pledges.id}`]),
      )
      .limit(open ? OPEN_SHOWN : CLOSED_SHOWN);
  const [open, closed] = [await rows(true), await rows(false)];
  const openCents = open.reduce((sum, r) => sum + r.pledge.amountCents, 0);
  return {
    pledges: [...open, ...closed].map((r) => serializePledge(r.pledge, today, r.receiptNumber)),
    openAmount: openCents / 100,
    today,
  };
}
