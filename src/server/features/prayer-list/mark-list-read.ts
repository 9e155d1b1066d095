import { eq } from 'drizzle-orm';
import { prayerReadingNames, prayerReadings } from '~/db/schema';
import type { Database } from '~/db/client';
import { AppError } from '~/server/errors';
import { enqueueMails } from '~/server/services/mail/mail-job';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { donorNamesOf, ownerKey } from '~/server/features/prayer-names';
import { hebrewDateOf, prayerWeek, type PrayerWeek } from './hebrew-week';
import { activeNames, listMoment, type ListSettings } from './weekly-list';

export interface ReadingRequest {
  /** The week's Sunday. */
  week: string;
  /** The day the list was read. */
  prayedOn: string;
  /** Today in the site's time zone: a day still to come cannot be marked. */
  today: string;
}

/** The week a reading may be recorded for, or a field message saying why not. */
function checkedWeek({ week: start, prayedOn, today }: ReadingRequest): PrayerWeek {
  const week = prayerWeek(start);
  if (week.start !== start) {
    throw new AppError('validation_failed', 'Check the week', {
      week: `A week is named by its Sunday: ${week.start}`,
    });
  }
  if (prayedOn < week.start || prayedOn > week.end) {
    throw new AppError('validation_failed', 'Check the date', {
      prayedOn: `The list of ${week.start} was read between ${week.start} and ${week.end}`,
    });
  }
  if (prayedOn > today) {
    throw new AppError('validation_failed', 'Check the date', {
      prayedOn: 'The list cannot be marked as read on a day still to come',
    });
  }
  return week;
}

/**
 * Records that the week's list was read at the tziyun, in one transaction: the reading, the
 * names it read (as the list stands, what the office printed), one mail per giver with the
 * count and the Hebrew date (never the names), and the audit entry. One reading per week.
 */
export async function markListRead(
  db: Database,
  request: ReadingRequest,
  settings: ListSettings,
  context: AuditContext,
) {
  const week = checkedWeek(request);
  const { prayedOn } = request;
  const hebrew = hebrewDateOf(prayedOn);
  const result = await db.transaction(async (tx) => {
    const [reading] = await tx
      .insert(prayerReadings)
      .values({
        weekStart: week.start,
        prayedOn,
        hebrewDate: hebrew.hebrew,
        nameCount: 0,
        markedBy: context.actor?.id ?? null,
        createdAt: context.now,
      })
      .onConflictDoNothing({ target: prayerReadings.weekStart })
      .returning();
    if (!reading) return null;
    const rows = await activeNames(
      tx,
      listMoment(week, context.now, settings.timeZone),
      settings.rules,
    );
    if (rows.length === 0) {
      throw new AppError('conflict', 'There are no names on this week’s list to mark as read.');
    }
    await tx
      .insert(prayerReadingNames)
      .values(rows.map((r) => ({ readingId: reading.id, prayerNameId: r.name.id })));
    await tx
      .update(prayerReadings)
      .set({ nameCount: rows.length })
      .where(eq(prayerReadings.id, reading.id));

    const donorEmails = rows.flatMap((r) => (r.memberEmail ? [] : [r.name.donorEmail!]));
    const donorNames = await donorNamesOf(tx, [...new Set(donorEmails)]);
    const givers = new Map<string, { name: string; email: string; count: number }>();
    for (const { name, memberName, memberEmail } of rows) {
      const key = ownerKey(name);
      const giver = givers.get(key) ?? {
        name: memberName ?? donorNames.get(name.donorEmail!) ?? 'friend',
        email: memberEmail ?? name.donorEmail!,
        count: 0,
      };
      giver.count += 1;
      givers.set(key, giver);
    }
    await enqueueMails(
      tx,
      [...givers].map(([key, giver]) => ({
        key: `prayer-reading:${reading.id}:${key}`,
        to: giver.email,
        template: 'prayer-names-read' as const,
        data: {
          name: giver.name,
          count: giver.count,
          prayedOn,
          hebrewDate: hebrew.hebrew,
          hebrewDateEnglish: hebrew.english,
        },
      })),
    );
    await recordAuditBy(tx, context, {
      action: 'prayer-list-read',
      target: `prayer-list:${week.start}`,
      details: { prayedOn, names: rows.length, givers: givers.size },
    });
    return { names: rows.length, givers: givers.size };
  });
  if (!result) {
    throw new AppError('conflict', 'This week’s list was already marked as read.');
  }
  return { week: week.start, prayedOn, hebrewDate: hebrew.hebrew, ...result };
}
