import { and, asc, eq } from 'drizzle-orm';
import { prayerNames, type PrayerName } from '~/db/schema';
import type { Database, DatabaseExecutor } from '~/db/client';
import type { PrayerNameInput } from '~/shared/schemas/prayer-names';
import { AppError } from '~/server/errors';
import { lapsesAt, scheduleLapseReminder, type PrayerNameRules } from './lapse';
import { ownedBy, ownerColumns, type NameOwner } from './owner';

/**
 * A giver's names: list, add, edit, renew, remove. Each operation reads and writes only the
 * names of the owner it is given (a session's), so one giver never reaches another's names.
 */

/** A name as its giver sees it, with when it leaves the weekly list unless renewed. */
export function serializeName(row: PrayerName, rules: PrayerNameRules, now: Date) {
  const lapses = lapsesAt(row.renewedAt, rules);
  return {
    id: row.id,
    hebrewName: row.hebrewName,
    relation: row.relation,
    motherHebrewName: row.motherHebrewName,
    englishName: row.englishName,
    intention: row.intention,
    note: row.note,
    renewedAt: row.renewedAt.toISOString(),
    lapsesAt: lapses.toISOString(),
    lapsed: lapses <= now,
  };
}

const notFound = () => new AppError('not_found', 'This name is not on your list.');
const own = (id: string, owner: NameOwner) => and(eq(prayerNames.id, id), ownedBy(owner));

/** The owner's names, oldest first. */
export function listNames(db: DatabaseExecutor, owner: NameOwner) {
  return db
    .select()
    .from(prayerNames)
    .where(ownedBy(owner))
    .orderBy(asc(prayerNames.createdAt), asc(prayerNames.id));
}

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
    .where(own(id, owner))
    .returning();
  if (!row) throw notFound();
  return row;
}

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
      .where(own(id, owner))
      .returning();
    if (renewed) await scheduleLapseReminder(tx, renewed, rules);
    return renewed;
  });
  if (!row) throw notFound();
  return row;
}

/** Takes one of the owner's names off their list. */
export async function removeName(db: DatabaseExecutor, owner: NameOwner, id: string) {
  const [row] = await db
    .delete(prayerNames)
    .where(own(id, owner))
    .returning({ id: prayerNames.id });
  if (!row) throw notFound();
}
