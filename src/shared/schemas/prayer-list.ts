import { z } from 'zod';
import { prayerIntentionValues } from '~/shared/domain';

/** The office's weekly prayer list (`/api/admin/prayer-list`): an admin contract. */

const isoDate = (label: string) => z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` });

/** `GET /api/admin/prayer-list?week=`: any day of the week asked for; this week without one. */
export const prayerListQuery = z.object({ week: isoDate('Week').optional() });

/** `POST /api/admin/prayer-list/readings`: the week, and the day its names were read. */
export const prayerReadingInput = z.object({
  week: isoDate('Week'),
  prayedOn: isoDate('Prayed on'),
});

const hebrewDate = z.object({ hebrew: z.string(), english: z.string() });

export const prayerList = z.object({
  /** Sunday to Shabbat, with their Hebrew dates. */
  week: z.object({
    start: z.string(),
    end: z.string(),
    hebrewStart: hebrewDate,
    hebrewEnd: hebrewDate,
  }),
  today: z.string(),
  isCurrentWeek: z.boolean(),
  lapseWeeks: z.number(),
  total: z.number(),
  groups: z.array(
    z.object({
      intention: z.enum(prayerIntentionValues),
      label: z.string(),
      names: z.array(
        z.object({
          id: z.string(),
          /** "name בן/בת mother's name", as the Rabbi reads it. */
          line: z.string(),
          englishName: z.string().nullable(),
          note: z.string().nullable(),
          tier: z.string(),
          giverName: z.string(),
          giverEmail: z.string(),
        }),
      ),
    }),
  ),
  reading: z
    .object({
      prayedOn: z.string(),
      hebrewDate: z.string(),
      hebrewDateEnglish: z.string(),
      markedBy: z.string().nullable(),
      markedAt: z.string(),
    })
    .nullable(),
});

export const prayerReadingRecorded = z.object({
  week: z.string(),
  prayedOn: z.string(),
  hebrewDate: z.string(),
  /** Names read, and the givers emailed. */
  names: z.number(),
  givers: z.number(),
});

export type PrayerList = z.infer<typeof prayerList>;
export type PrayerReadingInput = z.input<typeof prayerReadingInput>;
