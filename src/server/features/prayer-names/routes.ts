import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PrayerName } from '~/db/schema';
import { messageResponse, noContent } from '~/shared/schemas/common';
import {
  prayerLinkRequest,
  prayerNameInput,
  prayerNameParams,
  prayerNamesListing,
  prayerNameView,
} from '~/shared/schemas/prayer-names';
import { formRateLimit } from '~/server/plugins/rate-limit';
import {
  ownerOfSession,
  prayerLinkContext,
  prayerLinkMessages,
  prayerLinkRequests,
} from './magic-link';
import { addName } from './add-name';
import { editName } from './edit-name';
import { listingOf, registerPrayerNamePageForms } from './page-data';
import { removeName } from './remove-name';
import { renewName } from './renew-name';
import { serializeName } from './serialize-name';
import { assertFromThisSite, prayerSessionOf } from './session-cookie';
import { at } from '~/server/lib/route-at';
import { prayerNamesApi } from '~/shared/api/prayer-names';

/**
 * The names a member (or, where the site allows it, a donor) gives for prayer, reached through
 * a magic link (magic-link.ts). Each name lapses `lapseWeeks` after it was given or renewed, and
 * its giver is reminded before (lapse.ts). The names are private: never announced to the
 * integrations, never logged (errors log their code only), never in a job's payload.
 *
 * The session is the cookie the emailed link set (page.ts, ADR 021): every change must come
 * from this site's own pages, and the page's forms also post without JavaScript (page.ts).
 */
export const prayerNameRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const ctx = prayerLinkContext(app);
  const rules = app.siteConfig.prayerNames;
  const ownerOf = (request: FastifyRequest) => ownerOfSession(ctx, prayerSessionOf(request));
  const serialize = (row: PrayerName) => serializeName(row, rules, app.clock());
  registerPrayerNamePageForms(app);
  // The cookie goes with every request from this browser: a change must come from this site.
  app.addHook('onRequest', async (request) => assertFromThisSite(request));

  app.route({
    ...at(app, prayerNamesApi.requestLink),
    config: formRateLimit(app.env.FORM_RATE_LIMIT),
    schema: { body: prayerLinkRequest, response: { 200: messageResponse } },
    handler: async (request) => {
      await prayerLinkRequests.request(app.database.db, request.body.email);
      app.jobWorker.wake();
      return { message: prayerLinkMessages.sent };
    },
  });

  app.route({
    ...at(app, prayerNamesApi.list),
    schema: { response: { 200: prayerNamesListing } },
    handler: async (request, reply) => {
      const owner = await ownerOf(request);
      reply.header('cache-control', 'no-store');
      return listingOf(app, owner);
    },
  });

  app.route({
    ...at(app, prayerNamesApi.add),
    schema: { body: prayerNameInput, response: { 200: prayerNameView } },
    handler: async (request) => {
      const owner = await ownerOf(request);
      return serialize(await addName(db, owner, request.body, rules, app.clock()));
    },
  });

  app.route({
    ...at(app, prayerNamesApi.update),
    schema: {
      params: prayerNameParams,
      body: prayerNameInput,
      response: { 200: prayerNameView },
    },
    handler: async (request) => {
      const owner = await ownerOf(request);
      return serialize(await editName(db, owner, request.params.id, request.body, app.clock()));
    },
  });

  app.route({
    ...at(app, prayerNamesApi.renew),
    schema: { params: prayerNameParams, response: { 200: prayerNameView } },
    handler: async (request) => {
      const owner = await ownerOf(request);
      return serialize(await renewName(db, owner, request.params.id, rules, app.clock()));
    },
  });

  app.route({
    ...at(app, prayerNamesApi.remove),
    schema: { params: prayerNameParams, response: { 204: noContent } },
    handler: async (request, reply) => {
      await removeName(db, await ownerOf(request), request.params.id);
      return reply.code(204).send();
    },
  });
};
