import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDateIn } from '~/shared/schedule';
import {
  prayerList,
  prayerListQuery,
  prayerReadingInput,
  prayerReadingRecorded,
} from '~/shared/schemas/prayer-list';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { hebrewDateOf, prayerWeek, weekStartOf } from './hebrew-week';
import { markListRead } from './mark-list-read';
import { groupByIntention, namesOfWeek, type ListSettings } from './weekly-list';
import { at } from '~/server/lib/route-at';
import { prayerListApi } from '~/shared/api/prayer-list';

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

  app.route({
    ...at(app, prayerListApi.week),
    schema: { querystring: prayerListQuery, response: { 200: prayerList } },
    handler: async (request, reply) => {
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
  });

  app.route({
    ...at(app, prayerListApi.recordReading),
    schema: { body: prayerReadingInput, response: { 200: prayerReadingRecorded } },
    handler: async (request) => {
      const now = app.clock();
      const today = isoDateIn(now, timeZone);
      const recorded = await markListRead(
        db,
        { ...request.body, today },
        settings,
        auditContextOf(request, now),
      );
      app.jobWorker.wake();
      return recorded;
    },
  });
};
