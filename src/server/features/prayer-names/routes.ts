import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PrayerName } from '~/db/schema';
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
import { formRateLimit } from '../../plugins/rate-limit';
import {
  openPrayerLink,
  ownerOfSession,
  prayerLinkMessages,
  sendPrayerLink,
  type PrayerLinkContext,
} from './magic-link';
import { addName, editName, listNames, removeName, renewName, serializeName } from './names';

/** The names page's session travels in this header, never in a cookie (no CSRF to guard). */
export const PRAYER_SESSION_HEADER = 'x-prayer-session';

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
      const rows = await listNames(db, owner);
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
      return serialize(await addName(db, owner, request.body, rules, app.clock()));
    },
  );

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
      return serialize(await editName(db, owner, request.params.id, request.body, app.clock()));
    },
  );

  app.post(
    '/prayer-names/:id/renew',
    { schema: { params: prayerNameParams, response: { 200: prayerNameView } } },
    async (request) => {
      const owner = await ownerOf(request.headers);
      return serialize(await renewName(db, owner, request.params.id, rules, app.clock()));
    },
  );

  app.delete(
    '/prayer-names/:id',
    { schema: { params: prayerNameParams, response: { 204: noContent } } },
    async (request, reply) => {
      await removeName(db, await ownerOf(request.headers), request.params.id);
      return reply.code(204).send();
    },
  );
};
