import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthStatus } from '~/shared/schemas/health';
import { at } from '~/server/lib/route-at';
import { healthApi } from '~/shared/api/health';

/** 200 when the database answers, 503 otherwise: what a load balancer needs to know. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...at(app, healthApi.check),
    schema: { response: { 200: healthStatus, 503: healthStatus } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable' });
      }
    },
  });
};
