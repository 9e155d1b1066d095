import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { HitCounter } from './rate-limit-store';

/**
 * A ceiling on payment setups per minute from everyone together: card testers rotate IP
 * addresses, which the per-IP limit cannot see. A fixed one-minute window counted in the
 * database with the per-IP limits, so all instances share one ceiling (ADR 015).
 *
 * A `preHandler`: it counts only requests that passed the per-IP limit (an `onRequest` hook) and
 * the body's validation, so one address sending junk cannot close checkout for everyone.
 */
export function globalRateLimit(
  /** The app's counter (`app.hitCounter`), shared with the per-IP limits. */
  counter: HitCounter,
  /** Routes that give the same name share one count. */
  name: string,
  maxPerMinute: number,
) {
  const key = `global|${name}`;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { hits: count, ttlMs } = await counter.count(key, 60_000);
    if (count <= maxPerMinute) return;
    const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
    request.log.warn(
      { url: request.url.split('?')[0], count },
      'global payment setup limit exceeded',
    );
    reply.header('retry-after', String(seconds));
    throw new AppError(
      'rate_limited',
      `Too many donations are being started right now. Please wait ${seconds} seconds and try again.`,
    );
  };
}
