import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { prayerNames, type PrayerName } from '~/db/schema';
import {
  prayerLinkRequest,
  prayerNameInput,
  prayerSessionRequest,
} from '~/shared/schemas/prayer-names';
import { AppError } from '../../errors';
import { formRateLimit } from '../../plugins/rate-limit';
import {
  memberOfSession,
  openPrayerLink,
  prayerLinkMessages,
  sendPrayerLink,
  type PrayerLinkContext,
} from './magic-link';

/** The names page's session travels in this header, never in a cookie (no CSRF to guard). */
export const PRAYER_SESSION_HEADER = 'x-prayer-session';

const serializeName = (row: PrayerName) => ({
  id: row.id,
  hebrewName: row.hebrewName,
  motherHebrewName: row.motherHebrewName,
  englishName: row.englishName,
  intention: row.intention,
  note: row.note,
  renewedAt: row.renewedAt.toISOString(),
});

const nameParams = z.object({ id: z.uuid({ error: 'Unknown name' }) });
const notFound = () => new AppError('not_found', 'This name is not on your list.');

/**
 * A member's names for prayer, reached through a magic link (magic-link.ts). The names are
 * private: never announced to the integrations, never logged (errors log their code only).
 */
export const prayerNameRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const ctx: PrayerLinkContext = {
    db,
    linkSigner: app.linkSigner,
    publicUrl: app.env.PUBLIC_URL,
    clock: app.clock,
  };
  const memberOf = (headers: Record<string, unknown>) => {
    const value = headers[PRAYER_SESSION_HEADER];
    return memberOfSession(ctx, typeof value === 'string' ? value : undefined);
  };

  app.post(
    '/prayer-names/link',
    { config: formRateLimit(app.env.FORM_RATE_LIMIT), schema: { body: prayerLinkRequest } },
    async (request) => {
      await sendPrayerLink(ctx, request.body.email);
      app.jobWorker.wake();
      return { message: prayerLinkMessages.sent };
    },
  );

  app.post(
    '/prayer-names/session',
    { config: formRateLimit(app.env.FORM_RATE_LIMIT), schema: { body: prayerSessionRequest } },
    async (request) => openPrayerLink(ctx, request.body.token),
  );

  app.get('/prayer-names', async (request, reply) => {
    const member = await memberOf(request.headers);
    const rows = await db
      .select()
      .from(prayerNames)
      .where(eq(prayerNames.memberId, member.id))
      .orderBy(asc(prayerNames.createdAt), asc(prayerNames.id));
    reply.header('cache-control', 'no-store');
    return { member: { name: member.name }, names: rows.map(serializeName) };
  });

  app.post('/prayer-names', { schema: { body: prayerNameInput } }, async (request) => {
    const member = await memberOf(request.headers);
    const now = app.clock();
    const [row] = await db
      .insert(prayerNames)
      .values({
        ...request.body,
        memberId: member.id,
        renewedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return serializeName(row!);
  });

  const own = (id: string, memberId: string) =>
    and(eq(prayerNames.id, id), eq(prayerNames.memberId, memberId));

  app.put(
    '/prayer-names/:id',
    { schema: { params: nameParams, body: prayerNameInput } },
    async (request) => {
      const member = await memberOf(request.headers);
      const [row] = await db
        .update(prayerNames)
        .set({ ...request.body, updatedAt: app.clock() })
        .where(own(request.params.id, member.id))
        .returning();
      if (!row) throw notFound();
      return serializeName(row);
    },
  );

  app.post('/prayer-names/:id/renew', { schema: { params: nameParams } }, async (request) => {
    const member = await memberOf(request.headers);
    const now = app.clock();
    const [row] = await db
      .update(prayerNames)
      .set({ renewedAt: now, updatedAt: now })
      .where(own(request.params.id, member.id))
      .returning();
    if (!row) throw notFound();
    return serializeName(row);
  });

  app.delete('/prayer-names/:id', { schema: { params: nameParams } }, async (request, reply) => {
    const member = await memberOf(request.headers);
    const [row] = await db
      .delete(prayerNames)
      .where(own(request.params.id, member.id))
      .returning({ id: prayerNames.id });
    if (!row) throw notFound();
    return reply.code(204).send();
  });
};
