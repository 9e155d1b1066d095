import { and, asc, eq, gt, isNotNull, lte, or } from 'drizzle-orm';
import {
  adminUsers,
  members,
  prayerNames,
  prayerReadingNames,
  prayerReadings,
  type PrayerName,
} from '~/db/schema';
import { prayerIntentionLabels, prayerRelationHebrew } from '~/shared/schemas/prayer-names';
import { prayerIntentionValues, type PrayerIntention } from '~/shared/domain';
import type { DatabaseExecutor } from '~/db/client';
import { ownerKey, type PrayerNameRules, renewedSince } from '~/server/features/prayer-names';
import { addDays, startOfDayIn, type PrayerWeek } from './hebrew-week';

export interface ListSettings {
  rules: PrayerNameRules;
  timeZone: string;
  tierName: (tierId: string) => string;
}

export interface ListedName {
  id: string;
  /** 'Hebrew name ben/bat mother's name', as the Rabbi reads it. */
  line: string;
  englishName: string | null;
  intention: PrayerIntention;
  note: string | null;
  /** The giver's tier, or 'Donor'. */
  tier: string;
  /** Who gave it (a member or a donor): 'member:<id>' or 'donor:<email>'. */
  giver: string;
  giverName: string;
  giverEmail: string;
}

type Row = {
  name: PrayerName;
  memberName: string | null;
  memberEmail: string | null;
  tier: string | null;
};

/** The names of a week, as they were read when the week is marked, else as they stand. */
export async function namesOfWeek(
  db: DatabaseExecutor,
  week: PrayerWeek,
  now: Date,
  settings: ListSettings,
) {
  const [reading] = await db
    .select({
      id: prayerReadings.id,
      prayedOn: prayerReadings.prayedOn,
      hebrewDate: prayerReadings.hebrewDate,
      markedBy: adminUsers.username,
      markedAt: prayerReadings.createdAt,
    })
    .from(prayerReadings)
    .leftJoin(adminUsers, eq(adminUsers.id, prayerReadings.markedBy))
    .where(eq(prayerReadings.weekStart, week.start));
  const rows = reading
    ? await readNames(db, reading.id)
    : await activeNames(db, listMoment(week, now, settings.timeZone), settings.rules);
  return { reading: reading ?? null, names: rows.map((row) => listed(row, settings)) };
}

/**
 * The moment a week's list stands for: now for this week and weeks to come; the end of a past
 * week for a past one that was never marked.
 */
export function listMoment(week: PrayerWeek, now: Date, timeZone: string): Date {
  const afterWeek = startOfDayIn(addDays(week.end, 1), timeZone);
  return afterWeek < now ? new Date(afterWeek.getTime() - 1) : now;
}

const selection = {
  name: prayerNames,
  memberName: members.name,
  memberEmail: members.email,
  tier: members.tier,
};

/**
 * The names on the list at `at`: given by then and renewed within `lapseWeeks`, of an active
 * member, or of a donor while the site lets donors give names.
 */
export function activeNames(db: DatabaseExecutor, at: Date, rules: PrayerNameRules) {
  const givers = rules.donorsMayGiveNames
    ? or(eq(members.status, 'active'), isNotNull(prayerNames.donorEmail))
    : eq(members.status, 'active');
  return db
    .select(selection)
    .from(prayerNames)
    .leftJoin(members, eq(members.id, prayerNames.memberId))
    .where(
      and(
        givers,
        lte(prayerNames.createdAt, at),
        gt(prayerNames.renewedAt, renewedSince(at, rules)),
      ),
    )
    .orderBy(asc(prayerNames.createdAt), asc(prayerNames.id));
}

function readNames(db: DatabaseExecutor, readingId: string): Promise<Row[]> {
  return db
    .select(selection)
    .from(prayerReadingNames)
    .innerJoin(prayerNames, eq(prayerNames.id, prayerReadingNames.prayerNameId))
    .leftJoin(members, eq(members.id, prayerNames.memberId))
    .where(eq(prayerReadingNames.readingId, readingId))
    .orderBy(asc(prayerNames.createdAt), asc(prayerNames.id));
}

function listed({ name, memberName, memberEmail, tier }: Row, settings: ListSettings): ListedName {
  return {
    id: name.id,
    line: `${name.hebrewName} ${prayerRelationHebrew[name.relation]} ${name.motherHebrewName}`,
    englishName: name.englishName,
    intention: name.intention,
    note: name.note,
    tier: tier ? settings.tierName(tier) : 'Donor',
    giver: ownerKey(name),
    giverName: memberName ?? name.donorEmail ?? '',
    giverEmail: memberEmail ?? name.donorEmail ?? '',
  };
}

/** The names grouped by intention, in the intentions' order, each group in Hebrew order. */
export function groupByIntention(rows: ListedName[]) {
  const collator = new Intl.Collator('he');
  return prayerIntentionValues
    .map((intention) => ({
      intention,
      label: prayerIntentionLabels[intention],
      names: rows
        .filter((r) => r.intention === intention)
        .sort((a, b) => collator.compare(a.line, b.line)),
    }))
    .filter((group) => group.names.length > 0);
}
