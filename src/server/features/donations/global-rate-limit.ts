import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { Clock } from '../../jobs/types';

/**
 * A ceiling on payment setups per minute from everyone together: card testers rotate IP
 * addresses, which the per-IP limit cannot see. A fixed one-minute window in process memory,
 * like the per-IP store (several instances each count their own).
 */
export function globalRateLimit(maxPerMinute: number, clock: Clock) {
  let windowStart = 0;
  let count = 0;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const now = clock().getTime();
    if (now - windowStart >= 60_000) {
      windowStart = now;
      count = 0;
    }
    count += 1;
    if (count <= maxPerMinute) return;
    const seconds = Math.max(1, Math.ceil((windowStart + 60_000 - now) / 1000));
    request.log.warn({ url: request.url, count }, 'global payment setup limit exceeded');
    reply.header('retry-after', String(seconds));
    throw new AppError(
      'rate_limited',
      `Too many donations are being started right now. Please wait ${seconds} seconds and try again.`,
    );
  };
}
