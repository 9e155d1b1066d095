import { count, desc, eq } from 'drizzle-orm';
import { newsletterSubscribers } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { subscriberStatuses, type SubscriberStatus } from '~/shared/domain';
import type { Page } from '~/server/lib/page-of';
import { serializeSubscriber } from './serialize-subscriber';

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
      .where(status ? eq(newsletterSubscribers.status, status) : undefined)
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
