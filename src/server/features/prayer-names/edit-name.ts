import { prayerNames } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { PrayerNameInput } from '~/shared/schemas/prayer-names';
import { nameNotFound, ownedName } from './owned-name';
import type { NameOwner } from './owner';

/** Corrects one of the owner's names; its lapse date stays. */
export async function editName(
  db: DatabaseExecutor,
  owner: NameOwner,
  id: string,
  input: PrayerNameInput,
  now: Date,
) {
  const [row] = await db
    .update(prayerNames)
    .set({ ...input, updatedAt: now })
    .where(ownedName(id, owner))
    .returning();
  if (!row) throw nameNotFound();
  return row;
}
