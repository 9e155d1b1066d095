import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { isoDateIn } from '~/shared/schedule';
import {
  pledgeAnswer,
  pledgeCancelInput,
  pledgeIdParams,
  pledgeInput,
  pledgeListing,
  pledgePaid,
  pledgePayInput,
} from '~/shared/schemas/pledges';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { cancelPledge } from './cancel-pledge';
import { createPledge } from './create-pledge';
import { listPledges } from './list-pledges';
import { payPledge } from './pay-pledge';
import type { PledgeContext } from './pledge-context';
import { remindPledge } from './remind-pledge';
import { updatePledge } from './update-pledge';
import { at } from '~/server/lib/route-at';
import { pledgesApi } from '~/shared/api/pledges';

/** Pledges: promises the office keeps apart from the gifts until they are paid. */
export const pledgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const contextOf = (request: FastifyRequest): PledgeContext => ({
    ...auditContextOf(request, app.clock()),
    timeZone: app.siteConfig.timeZone,
    links: { linkSigner: app.linkSigner, publicUrl: app.env.PUBLIC_URL },
  });
  const db = app.database.db;

  app.route({
    ...at(app, pledgesApi.list),
    schema: { response: { 200: pledgeListing } },
    handler: async () => listPledges(db, isoDateIn(app.clock(), app.siteConfig.timeZone)),
  });

  app.route({
    ...at(app, pledgesApi.create),
    schema: { body: pledgeInput, response: { 201: pledgeAnswer } },
    handler: async (request, reply) => {
      const pledge = await createPledge(db, request.body, contextOf(request));
      return reply.code(201).send({ pledge });
    },
  });

  app.route({
    ...at(app, pledgesApi.update),
    schema: { params: pledgeIdParams, body: pledgeInput, response: { 200: pledgeAnswer } },
    handler: async (request) => ({
      pledge: await updatePledge(db, request.params.id, request.body, contextOf(request)),
    }),
  });

  app.route({
    ...at(app, pledgesApi.cancel),
    schema: { params: pledgeIdParams, body: pledgeCancelInput, response: { 200: pledgeAnswer } },
    handler: async (request) => ({
      pledge: await cancelPledge(db, request.params.id, request.body.reason, contextOf(request)),
    }),
  });

  app.route({
    ...at(app, pledgesApi.remind),
    schema: { params: pledgeIdParams, response: { 200: pledgeAnswer } },
    handler: async (request) => ({
      pledge: await remindPledge(db, request.params.id, contextOf(request)),
    }),
  });

  app.route({
    ...at(app, pledgesApi.pay),
    schema: { params: pledgeIdParams, body: pledgePayInput, response: { 201: pledgePaid } },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await payPledge(db, request.params.id, request.body, contextOf(request))),
  });
};
