import { prayerNames } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { nameNotFound, ownedName } from './owned-name';
import type { NameOwner } from './owner';

/** Takes one of the owner's names off their list. */
export async function removeName(db: DatabaseExecutor, owner: NameOwner, id: string) {
  const [row] = await db
    .delete(prayerNames)
    .where(ownedName(id, owner))
    .returning({ id: prayerNames.id });
  if (!row) throw nameNotFound();
}
