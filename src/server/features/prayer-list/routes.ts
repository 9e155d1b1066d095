import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { prayerReadingNames, prayerReadings } from '~/db/schema';
import { isoDateIn } from '~/shared/schedule';
import {
  prayerList,
  prayerListQuery,
  prayerReadingInput,
  prayerReadingRecorded,
} from '~/shared/schemas/prayer-list';
import { AppError } from '../../errors';
import { enqueueMail } from '../../mail/mail-job';
import { recordAudit } from '../../services/audit/record-audit';
import { donorWith, ownerKey } from '../prayer-names';
import { hebrewDateOf, prayerWeek, weekStartOf } from './hebrew-week';
import {
  activeNames,
  groupByIntention,
  listMoment,
  namesOfWeek,
  type ListSettings,
} from './weekly-list';

/**
 * The weekly prayer list inside /api/admin (behind its guard): this week's names grouped by
 * intention under the week's Hebrew dates, and the office's "read at the tziyun" that tells each
 * giver by email. A marked week keeps the names it read.
 */
export const adminPrayerListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { tiers, timeZone, prayerNames: rules } = app.siteConfig;
  const settings: ListSettings = {
    rules,
    timeZone,
    tierName: (id) => tiers.find((t) => t.id === id)?.name ?? id,
  };

  app.get(
    '/prayer-list',
    { schema: { querystring: prayerListQuery, response: { 200: prayerList } } },
    async (request, reply) => {
      const now = app.clock();
      const today = isoDateIn(now, timeZone);
      const week = prayerWeek(request.query.week ?? today);
      const { reading, names } = await namesOfWeek(db, week, now, settings);
      reply.header('cache-control', 'no-store');
      return {
        week,
        today,
        isCurrentWeek: week.start === weekStartOf(today),
        lapseWeeks: rules.lapseWeeks,
        total: names.length,
        groups: groupByIntention(names),
        reading: reading && {
          prayedOn: reading.prayedOn,
          hebrewDate: reading.hebrewDate,
          hebrewDateEnglish: hebrewDateOf(reading.prayedOn).english,
          markedBy: reading.markedBy,
          markedAt: reading.markedAt.toISOString(),
        },
      };
    },
  );

  app.post(
    '/prayer-list/readings',
    { schema: { body: prayerReadingInput, response: { 200: prayerReadingRecorded } } },
    async (request) => {
      const now = app.clock();
      const today = isoDateIn(now, timeZone);
      const week = prayerWeek(request.body.week);
      const { prayedOn } = request.body;
      if (week.start !== request.body.week) {
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
      const hebrew = hebrewDateOf(prayedOn);
      const result = await db.transaction(async (tx) => {
        const [reading] = await tx
          .insert(prayerReadings)
          .values({
            weekStart: week.start,
            prayedOn,
            hebrewDate: hebrew.hebrew,
            nameCount: 0,
            markedBy: request.adminUser?.id ?? null,
            createdAt: now,
          })
          .onConflictDoNothing({ target: prayerReadings.weekStart })
          .returning();
        if (!reading) return null;
        // The names as the week's list stands: what the office printed and read.
        const rows = await activeNames(tx, listMoment(week, now, timeZone), rules);
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
        const givers = new Map<string, { name: string; email: string; count: number }>();
        for (const { name, memberName, memberEmail } of rows) {
          const key = ownerKey(name);
          const giver = givers.get(key) ?? {
            name: memberName ?? (await donorWith(tx, name.donorEmail!))?.name ?? 'friend',
            email: memberEmail ?? name.donorEmail!,
            count: 0,
          };
          giver.count += 1;
          givers.set(key, giver);
        }
        for (const [key, giver] of givers) {
          await enqueueMail(tx, {
            key: `prayer-reading:${reading.id}:${key}`,
            to: giver.email,
            template: 'prayer-names-read',
            data: {
              name: giver.name,
              count: giver.count,
              prayedOn,
              hebrewDate: hebrew.hebrew,
              hebrewDateEnglish: hebrew.english,
            },
          });
        }
        await recordAudit(tx, {
          actor: request.adminUser,
          action: 'prayer-list-read',
          target: `prayer-list:${week.start}`,
          details: { prayedOn, names: rows.length, givers: givers.size },
          ip: request.ip,
          at: now,
        });
        return { names: rows.length, givers: givers.size };
      });
      if (!result) {
        throw new AppError('conflict', 'This week’s list was already marked as read.');
      }
      app.jobWorker.wake();
      return { week: week.start, prayedOn, hebrewDate: hebrew.hebrew, ...result };
    },
  );
};
