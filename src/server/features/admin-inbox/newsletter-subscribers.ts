import { and, count, desc, eq, sql } from 'drizzle-orm';
import { newsletterSubscribers } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { subscriberStatuses, type SubscriberStatus } from '~/shared/domain';
import { csvInBatches, olderThan } from '~/server/lib/csv';
import type { Page } from '~/server/lib/page-of';

const iso = (d: Date | null) => d?.toISOString() ?? null;

const serializeSubscriber = (row: typeof newsletterSubscribers.$inferSelect) => ({
  id: row.id,
  email: row.email,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  confirmedAt: iso(row.confirmedAt),
  unsubscribedAt: iso(row.unsubscribedAt),
});

const whereStatus = (status: SubscriberStatus | undefined) =>
  status ? eq(newsletterSubscribers.status, status) : undefined;

/**
 * One page of subscribers, newest first, optionally of one status, with the counts of every
 * status (the tab shows them all): the total comes from those counts, not a second count.
 */
export async function listSubscribers(
  db: DatabaseExecutor,
  status: SubscriberStatus | undefined,
  { limit, offset }: Page,
) {
  const [rows, byStatus] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .where(whereStatus(status))
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ status: newsletterSubscribers.status, n: count() })
      .from(newsletterSubscribers)
      .groupBy(newsletterSubscribers.status),
  ]);
  const counts = Object.fromEntries(subscriberStatuses.map((s) => [s, 0])) as Record<
    SubscriberStatus,
    number
  >;
  for (const { status: s, n } of byStatus) counts[s] = n;
  const total = status ? counts[status] : counts.pending + counts.confirmed + counts.unsubscribed;
  return { subscribers: rows.map(serializeSubscriber), total, counts };
}

/** Rows read per query while the CSV streams: the export never holds the whole list. */
const CSV_BATCH = 500;

/** The subscribers of a status (or all) as CSV lines, read in batches newest first. */
export function subscribersCsv(db: DatabaseExecutor, status: SubscriberStatus | undefined) {
  const filter = whereStatus(status);
  return csvInBatches(
    ['Email', 'Status', 'Subscribed', 'Confirmed'],
    CSV_BATCH,
    (cursor) =>
      db
        .select({
          id: newsletterSubscribers.id,
          email: newsletterSubscribers.email,
          status: newsletterSubscribers.status,
          createdAt: newsletterSubscribers.createdAt,
          confirmedAt: newsletterSubscribers.confirmedAt,
          cursorAt: sql<string>`${newsletterSubscribers.createdAt}::text`,
        })
        .from(newsletterSubscribers)
        .where(
          and(filter, olderThan(cursor, newsletterSubscribers.createdAt, newsletterSubscribers.id)),
        )
        .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
        .limit(CSV_BATCH),
    (r) => [r.email, r.status, iso(r.createdAt), iso(r.confirmedAt)],
  );
}
