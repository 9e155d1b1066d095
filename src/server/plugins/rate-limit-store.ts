import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { rateLimitHits as hits } from '~/db/schema';
import type { JobLogger } from '~/server/jobs/types';
import type { DatabaseExecutor } from '~/db/client';
import type { Clock } from '~/server/lib/clock';

/**
 * Request counts in the database, so every app instance on one PostgreSQL counts the same hits
 * (docs/decisions/015-shared-rate-limit-store.md). A fixed window per key, counted by one
 * statement per request; the clock is the app's, so tests move it instead of sleeping.
 */

export interface WindowCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** Counts one hit against `key`: a new window if there is none or the last one has ended. */
export async function countHit(
  db: DatabaseExecutor,
  key: string,
  windowMs: number,
  now: Date,
): Promise<WindowCount> {
  const ended = lte(hits.resetsAt, now);
  const resetsAt = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(hits)
    .values({ key, hits: 1, resetsAt })
    .onConflictDoUpdate({
      target: hits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${hits.hits} + 1 end`,
        resetsAt: sql`case when ${ended} then excluded.resets_at else ${hits.resetsAt} end`,
      },
    })
    .returning({ hits: hits.hits, resetsAt: hits.resetsAt });
  return { hits: row!.hits, ttlMs: Math.max(0, row!.resetsAt.getTime() - now.getTime()) };
}

/** The app's counter (`app.hitCounter`): the per-IP limits and the global ones count through it. */
export interface HitCounter {
  /** Counts one hit against `key` at the app's time (`countHit`). */
  count(key: string, windowMs: number): Promise<WindowCount>;
}

export function createHitCounter(db: DatabaseExecutor, clock: Clock): HitCounter {
  return { count: (key, windowMs) => countHit(db, key, windowMs, clock()) };
}

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
  const deleted = await db
    .delete(hits)
    .where(lt(hits.resetsAt, before))
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
