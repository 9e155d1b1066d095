import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { rateLimitHits as hits } from '~/db/schema';
import type { JobLogger } from '../jobs/types';
import type { DatabaseExecutor } from '~/db/client';
import type { Clock } from '../lib/clock';
import type { HitCounter, WindowCount } from './rate-limit-counter';

/**
 * Request counts in the database, so every app instance on one PostgreSQL counts the same hits
 * (docs/decisions/015-shared-rate-limit-store.md). A fixed window per key; the hits are counted
 * by the app's `HitCounter` (rate-limit-counter.ts), which sends the counts of concurrent
 * requests in one statement. The clock is the app's, so tests move it instead of sleeping.
 */

/** The count so far, without counting a hit (the plugin's `{ increment: false }`). */
export async function readHits(db: DatabaseExecutor, key: string, now: Date): Promise<WindowCount> {
  const [row] = await db
    .select({ hits: hits.hits, resetsAt: hits.resetsAt })
    .from(hits)
    .where(and(eq(hits.key, key), gt(hits.resetsAt, now)));
  if (!row) return { hits: 0, ttlMs: 0 };
  return { hits: row.hits, ttlMs: row.resetsAt.getTime() - now.getTime() };
}

/** Deletes windows that ended before `before`; returns how many. */
export async function pruneRateLimitHits(db: DatabaseExecutor, before: Date): Promise<number> {
  // Rows a count is updating right now are skipped (pruned next time): a delete that waited for
  // them while holding others could deadlock with the counter's many-row upsert (ADR 015).
  const ended = db
    .select({ key: hits.key })
    .from(hits)
    .where(lt(hits.resetsAt, before))
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(hits)
    .where(inArray(hits.key, ended))
    .returning({ key: hits.key });
  return deleted.length;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin passes to `child()`: the route's merged settings and its `routeInfo`. */
interface StoreRouteOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  /** `formRateLimit`'s group: routes that share one count. */
  groupId?: string;
}

/**
 * A store class for @fastify/rate-limit (`store:` option), bound to a database and a clock. The
 * plugin makes one store per rate-limited route through `child()`; the route (or the group of
 * routes that share a limit) is part of the key, so each keeps its own count per client.
 */
export function databaseRateLimitStore(db: DatabaseExecutor, clock: Clock, counter: HitCounter) {
  return class DatabaseRateLimitStore {
    readonly route: string;

    constructor(_options: unknown, route = '') {
      this.route = route;
    }

    incr(client: string, callback: Callback, timeWindow: number) {
      counter.count(`${this.route}|${client}`, timeWindow).then(
        ({ hits: current, ttlMs }) => callback(null, { current, ttl: ttlMs }),
        (error: unknown) => callback(asError(error)),
      );
    }

    read(client: string, callback: Callback) {
      readHits(db, `${this.route}|${client}`, clock()).then(
        ({ hits: current, ttlMs }) => callback(null, { current, ttl: ttlMs }),
        (error: unknown) => callback(asError(error)),
      );
    }

    child(routeOptions: object) {
      const { routeInfo, groupId } = routeOptions as StoreRouteOptions;
      const { method = '', url = '' } = routeInfo ?? {};
      const route = groupId ? `group:${groupId}` : `${[method].flat().join(',')} ${url}`.trim();
      return new DatabaseRateLimitStore(routeOptions, route);
    }
  };
}

/**
 * Deletes ended windows every `intervalMs` (one row per route and client otherwise stays
 * forever). Off the request path; a failure is logged and tried again next time.
 */
export function startRateLimitPruning(
  db: DatabaseExecutor,
  clock: Clock,
  logger: JobLogger,
  intervalMs = 10 * 60_000,
) {
  const timer = setInterval(() => {
    pruneRateLimitHits(db, clock()).then(
      (pruned) => {
        if (pruned > 0) logger.debug({ pruned }, 'pruned ended rate-limit windows');
      },
      (error: unknown) => logger.warn({ err: asError(error).message }, 'could not prune'),
    );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
