import type { PrayerName } from '~/db/schema';
import { lapsesAt, type PrayerNameRules } from './lapse';

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
