import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { databaseRateLimitStore, startRateLimitPruning } from './rate-limit-store';

/**
 * Rate limits are opt-in per route (`config.rateLimit`). The counts live in the database, so
 * several instances behind a load balancer share them (rate-limit-store.ts, ADR 015).
 */
export async function registerRateLimit(app: FastifyInstance) {
  const { db } = app.database;
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db, app.clock),
    errorResponseBuilder: (_request, context) => {
      const error = new AppError(
        'rate_limited',
        `Too many requests. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
      );
      return error;
    },
    onExceeded: (request) => {
      request.log.warn({ ip: request.ip, url: request.url }, 'rate limit exceeded');
    },
  });
  const stopPruning = startRateLimitPruning(db, app.clock, app.log);
  app.addHook('onClose', async () => stopPruning());
}

/** The per-route setting for public form endpoints. */
export function formRateLimit(max: number) {
  return { rateLimit: { max, timeWindow: '1 minute' } };
}
