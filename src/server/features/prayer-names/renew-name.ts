import { prayerNames } from '~/db/schema';
import type { Database } from '~/db/client';
import { scheduleLapseReminder, type PrayerNameRules } from './lapse';
import { nameNotFound, ownedName } from './owned-name';
import type { NameOwner } from './owner';

/** Keeps one of the owner's names on the list for another `lapseWeeks`. */
export async function renewName(
  db: Database,
  owner: NameOwner,
  id: string,
  rules: PrayerNameRules,
  now: Date,
) {
  const row = await db.transaction(async (tx) => {
    const [renewed] = await tx
      .update(prayerNames)
      .set({ renewedAt: now, updatedAt: now })
      .where(ownedName(id, owner))
      .returning();
    if (renewed) await scheduleLapseReminder(tx, renewed, rules);
    return renewed;
  });
  if (!row) throw nameNotFound();
  return row;
}
