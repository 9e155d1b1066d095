import type { FastifyPluginAsync } from 'fastify';

/** 200 when the database answers, 503 otherwise: what a load balancer needs to know. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async (request, reply) => {
    try {
      await app.database.ping();
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).header('cache-control', 'no-store').send({ status: 'unavailable' });
    }
  });
};
