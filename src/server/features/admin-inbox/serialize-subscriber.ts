import type { newsletterSubscribers } from '~/db/schema';

export const isoOrNull = (d: Date | null) => d?.toISOString() ?? null;

/** A newsletter subscriber as the admin API shows it. */
export const serializeSubscriber = (row: typeof newsletterSubscribers.$inferSelect) => ({
  id: row.id,
  email: row.email,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  confirmedAt: isoOrNull(row.confirmedAt),
  unsubscribedAt: isoOrNull(row.unsubscribedAt),
});
