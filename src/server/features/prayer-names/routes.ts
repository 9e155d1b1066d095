import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { prayerNames, type PrayerName } from '~/db/schema';
import { messageResponse, noContent } from '~/shared/schemas/common';
import {
  prayerLinkRequest,
  prayerNameInput,
  prayerNameParams,
  prayerNamesListing,
  prayerNameView,
  prayerSessionRequest,
  prayerSessionResponse,
} from '~/shared/schemas/prayer-names';
import { AppError } from '../../errors';
import { formRateLimit } from '../../plugins/rate-limit';
import { lapsesAt, scheduleLapseReminder, type PrayerNameRules } from './lapse';
import {
  openPrayerLink,
  ownerOfSession,
  prayerLinkMessages,
  sendPrayerLink,
  type PrayerLinkContext,
} from './magic-link';
import { ownedBy, ownerColumns, type NameOwner } from './owner';

/** The names page's session travels in this header, never in a cookie (no CSRF to guard). */
export const PRAYER_SESSION_HEADER = 'x-prayer-session';

/** A name as its giver sees it, with when it leaves the weekly list unless renewed. */
function serializeName(row: PrayerName, rules: PrayerNameRules, now: Date) {
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

/**
 * The names a member (or, where the site allows it, a donor) gives for prayer, reached through
 * a magic link (magic-link.ts). Each name lapses `lapseWeeks` after it was given or renewed, and
 * its giver is reminded before (lapse.ts). The names are private: never announced to the
 * integrations, never logged (errors log their code only), never in a job's payload.
 */
export const prayerNameRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const ctx: PrayerLinkContext = {
    db,
    linkSigner: app.linkSigner,
    publicUrl: app.env.PUBLIC_URL,
    clock: app.clock,
    donorsMayGiveNames: app.siteConfig.prayerNames.donorsMayGiveNames,
  };
  const rules = app.siteConfig.prayerNames;
  const ownerOf = (headers: Record<string, unknown>) => {
    const value = headers[PRAYER_SESSION_HEADER];
    return ownerOfSession(ctx, typeof value === 'string' ? value : undefined);
  };
  const serialize = (row: PrayerName) => serializeName(row, rules, app.clock());

  app.post(
    '/prayer-names/link',
    {
      config: formRateLimit(app.env.FORM_RATE_LIMIT),
      schema: { body: prayerLinkRequest, response: { 200: messageResponse } },
    },
    async (request) => {
      await sendPrayerLink(ctx, request.body.email);
      app.jobWorker.wake();
      return { message: prayerLinkMessages.sent };
    },
  );

  app.post(
    '/prayer-names/session',
    {
      config: formRateLimit(app.env.FORM_RATE_LIMIT),
      schema: { body: prayerSessionRequest, response: { 200: prayerSessionResponse } },
    },
    async (request) => openPrayerLink(ctx, request.body.token),
  );

  app.get(
    '/prayer-names',
    { schema: { response: { 200: prayerNamesListing } } },
    async (request, reply) => {
      const owner = await ownerOf(request.headers);
      const rows = await db
        .select()
        .from(prayerNames)
        .where(ownedBy(owner))
        .orderBy(asc(prayerNames.createdAt), asc(prayerNames.id));
      reply.header('cache-control', 'no-store');
      return {
        member: { name: owner.name, kind: owner.kind },
        lapseWeeks: rules.lapseWeeks,
        names: rows.map(serialize),
      };
    },
  );

  app.post(
    '/prayer-names',
    { schema: { body: prayerNameInput, response: { 200: prayerNameView } } },
    async (request) => {
      const owner = await ownerOf(request.headers);
      const now = app.clock();
      const row = await db.transaction(async (tx) => {
        const [added] = await tx
          .insert(prayerNames)
          .values({
            ...request.body,
            ...ownerColumns(owner),
            renewedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await scheduleLapseReminder(tx, added!, rules);
        return added!;
      });
      return serialize(row);
    },
  );

  const own = (id: string, owner: NameOwner) => and(eq(prayerNames.id, id), ownedBy(owner));

  app.put(
    '/prayer-names/:id',
    {
      schema: {
        params: prayerNameParams,
        body: prayerNameInput,
        response: { 200: prayerNameView },
      },
    },
    async (request) => {
      const owner = await ownerOf(request.headers);
      const [row] = await db
        .update(prayerNames)
        .set({ ...request.body, updatedAt: app.clock() })
        .where(own(request.params.id, owner))
        .returning();
      if (!row) throw notFound();
      return serialize(row);
    },
  );

  app.post(
    '/prayer-names/:id/renew',
    { schema: { params: prayerNameParams, response: { 200: prayerNameView } } },
    async (request) => {
      const owner = await ownerOf(request.headers);
      const now = app.clock();
      const row = await db.transaction(async (tx) => {
        const [renewed] = await tx
          .update(prayerNames)
          .set({ renewedAt: now, updatedAt: now })
          .where(own(request.params.id, owner))
          .returning();
        if (renewed) await scheduleLapseReminder(tx, renewed, rules);
        return renewed;
      });
      if (!row) throw notFound();
      return serialize(row);
    },
  );

  app.delete(
    '/prayer-names/:id',
    { schema: { params: prayerNameParams, response: { 204: noContent } } },
    async (request, reply) => {
      const owner = await ownerOf(request.headers);
      const [row] = await db
        .delete(prayerNames)
        .where(own(request.params.id, owner))
        .returning({ id: prayerNames.id });
      if (!row) throw notFound();
      return reply.code(204).send();
    },
  );
};
