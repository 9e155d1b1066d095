import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * Rate limits are opt-in per route (`config.rateLimit`). The store is the process memory for
 * now; several instances behind a load balancer need the shared store (see docs/operations.md).
 */
export async function registerRateLimit(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
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
}

/** The per-route setting for public form endpoints. */
export function formRateLimit(max: number) {
  return { rateLimit: { max, timeWindow: '1 minute' } };
}
