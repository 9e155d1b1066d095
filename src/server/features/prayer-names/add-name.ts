import { prayerNames } from '~/db/schema';
import type { Database } from '~/db/client';
import type { PrayerNameInput } from '~/shared/schemas/prayer-names';
import { scheduleLapseReminder, type PrayerNameRules } from './lapse';
import { ownerColumns, type NameOwner } from './owner';

/** A new name on the owner's list, with its lapse reminder scheduled. */
export function addName(
  db: Database,
  owner: NameOwner,
  input: PrayerNameInput,
  rules: PrayerNameRules,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [added] = await tx
      .insert(prayerNames)
      .values({ ...input, ...ownerColumns(owner), renewedAt: now, createdAt: now, updatedAt: now })
      .returning();
    await scheduleLapseReminder(tx, added!, rules);
    return added!;
  });
}
