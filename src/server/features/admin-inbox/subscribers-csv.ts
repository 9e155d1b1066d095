import { and, desc, eq, sql } from 'drizzle-orm';
import { newsletterSubscribers } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { SubscriberStatus } from '~/shared/domain';
import { csvInBatches, olderThan } from '~/server/lib/csv';
import { isoOrNull } from './serialize-subscriber';

/** Rows read per query while the CSV streams: the export never holds the whole list. */
const CSV_BATCH = 500;

/** The subscribers of a status (or all) as CSV lines, read in batches newest first. */
export function subscribersCsv(db: DatabaseExecutor, status: SubscriberStatus | undefined) {
  const filter = status ? eq(newsletterSubscribers.status, status) : undefined;
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
    (r) => [r.email, r.status, isoOrNull(r.createdAt), isoOrNull(r.confirmedAt)],
  );
}
