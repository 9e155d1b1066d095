import { erasureRequests } from '~/db/schema';
import type { Database } from '~/db/client';

export const erasureRequestedMessage =
  'Your request to be forgotten is with the office. Once they confirm it, your name, email, messages and names for prayer are erased; the records of your gifts that the law requires are kept without them.';

/** A donor asks to be forgotten: one open request per address (asking again changes nothing). */
export async function requestErasure(db: Database, email: string, now: Date) {
  await db.insert(erasureRequests).values({ email, requestedAt: now }).onConflictDoNothing();
}
