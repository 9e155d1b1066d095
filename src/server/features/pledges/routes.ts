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
import { listPledges } from './list-pledges';
import { payPledge } from './pay-pledge';
import { cancelPledge, createPledge, updatePledge, type PledgeContext } from './pledge-writes';
import { remindPledge } from './remind-pledge';

/** Pledges: promises the office keeps apart from the gifts until they are paid. */
export const pledgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const contextOf = (request: FastifyRequest): PledgeContext => ({
    ...auditContextOf(request, app.clock()),
    timeZone: app.siteConfig.timeZone,
    links: { linkSigner: app.linkSigner, publicUrl: app.env.PUBLIC_URL },
  });
  const db = app.database.db;

  app.get('/pledges', { schema: { response: { 200: pledgeListing } } }, async () =>
    listPledges(db, isoDateIn(app.clock(), app.siteConfig.timeZone)),
  );

  app.post(
    '/pledges',
    { schema: { body: pledgeInput, response: { 201: pledgeAnswer } } },
    async (request, reply) => {
      const pledge = await createPledge(db, request.body, contextOf(request));
      return reply.code(201).send({ pledge });
    },
  );

  app.put(
    '/pledges/:id',
    { schema: { params: pledgeIdParams, body: pledgeInput, response: { 200: pledgeAnswer } } },
    async (request) => ({
      pledge: await updatePledge(db, request.params.id, request.body, contextOf(request)),
    }),
  );

  app.post(
    '/pledges/:id/cancel',
    {
      schema: { params: pledgeIdParams, body: pledgeCancelInput, response: { 200: pledgeAnswer } },
    },
    async (request) => ({
      pledge: await cancelPledge(db, request.params.id, request.body.reason, contextOf(request)),
    }),
  );

  app.post(
    '/pledges/:id/remind',
    { schema: { params: pledgeIdParams, response: { 200: pledgeAnswer } } },
    async (request) => ({
      pledge: await remindPledge(db, request.params.id, contextOf(request)),
    }),
  );

  app.post(
    '/pledges/:id/pay',
    { schema: { params: pledgeIdParams, body: pledgePayInput, response: { 201: pledgePaid } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await payPledge(db, request.params.id, request.body, contextOf(request))),
  );
};
