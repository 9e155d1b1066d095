import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '~/server/errors';
import { addressKey } from '~/server/lib/client-address';
import {
  createHitCounter,
  databaseRateLimitStore,
  startRateLimitPruning,
} from './rate-limit-store';

/**
 * Rate limits are opt-in per route (`config.rateLimit`). The counts live in the database, so
 * several instances behind a load balancer share them (rate-limit-store.ts, ADR 015). One
 * counter per app counts the per-IP limits and the global ones (`app.hitCounter`).
 */
export async function registerRateLimit(app: FastifyInstance) {
  const { db } = app.database;
  const counter = createHitCounter(db, app.clock);
  app.decorate('hitCounter', counter);
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db, app.clock, counter),
    // The plugin's own key groups IPv6 by /64 too; ours is the one every per-address count uses.
    keyGenerator: (request) => addressKey(request.ip),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
    onExceeded: logExceeded,
  });
  const stopPruning = startRateLimitPruning(db, app.clock, app.log);
  app.addHook('onClose', async () => stopPruning());
}

/**
 * The per-route setting for public form endpoints: `max` requests a minute per visitor. Routes
 * given the same `group` share one count per visitor (the payment setups, card or OJC).
 */
export function formRateLimit(max: number, group?: string) {
  return { rateLimit: { max, timeWindow: FORM_WINDOW_MS, ...(group ? { groupId: group } : {}) } };
}

/** A form limit's window: a minute. */
export const FORM_WINDOW_MS = 60_000;

function tooManyRequests(ttlMs: number) {
  return new AppError(
    'rate_limited',
    `Too many requests. Please wait ${Math.max(1, Math.ceil(ttlMs / 1000))} seconds and try again.`,
  );
}

function logExceeded(request: FastifyRequest) {
  // The path only: query strings carry tokens (manage and unsubscribe links).
  request.log.warn({ ip: request.ip, url: request.url.split('?')[0] }, 'rate limit exceeded');
}

/** One visitor's card and OJC payment setups share one per-minute count. */
export const PAYMENT_SETUP_GROUP = 'payment-setup';
