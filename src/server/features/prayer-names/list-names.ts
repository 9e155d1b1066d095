import { asc } from 'drizzle-orm';
import { prayerNames } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { ownedBy, type NameOwner } from './owner';

/** The owner's names, oldest first. */
export function listNames(db: DatabaseExecutor, owner: NameOwner) {
  return db
    .select()
    .from(prayerNames)
    .where(ownedBy(owner))
    .orderBy(asc(prayerNames.createdAt), asc(prayerNames.id));
}
