import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { adminLoginThrottle as throttle } from '~/db/schema';
import type { Database, DatabaseExecutor } from '~/db/client';
import { addressKey } from '~/server/lib/client-address';

export interface ThrottleRule {
  /** Failures allowed before any delay. */
  freeFailures: number;
  /** The longest wait; the first is 1 s, doubling with each further failure. */
  capMs: number;
  /** A key's count starts over after this long without a failure. */
  windowMs: number;
}

const minute = 60_000;

/**
 * Three counters per attempt. The pair (name and address) slows down a guesser at one address;
 * the address alone, one trying many names; the name alone, a spray from many addresses. The
 * name's cap is short so that such a spray cannot lock the real administrator out for long, and
 * a browser that signed in to that name before (its device cookie) is not counted under the
 * name at all but under its own device key: a spray from elsewhere cannot lock it out.
 */
export const loginThrottleRules = {
  pair: { freeFailures: 5, capMs: 15 * minute, windowMs: 60 * minute },
  ip: { freeFailures: 20, capMs: 15 * minute, windowMs: 60 * minute },
  user: { freeFailures: 50, capMs: minute, windowMs: 60 * minute },
  device: { freeFailures: 5, capMs: 15 * minute, windowMs: 60 * minute },
} satisfies Record<string, ThrottleRule>;

type Scope = keyof typeof loginThrottleRules;

export interface Attempt {
  /** Lower-cased, as typed (the account need not exist). */
  username: string;
  ip: string;
  now: Date;
  /** The device id of a valid device cookie for this username, if the browser sent one. */
  device?: string | undefined;
}

/** The keys an attempt is counted under, in a fixed order (so concurrent locks never deadlock). */
function keysFor({ username, ip: address, device }: Omit<Attempt, 'now'>): [Scope, string][] {
  // One visitor's IPv6 addresses (a /64) count as one address.
  const ip = addressKey(address);
  return [
    ['pair', `pair:${username} ${ip}`],
    ['ip', `ip:${ip}`],
    device ? ['device', `device:${device}`] : ['user', `user:${username}`],
  ];
}

/** The wait after `failures` failures under `rule`: 0, then 1 s, 2 s, 4 s … up to the cap. */
export function delayAfter(failures: number, rule: ThrottleRule): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.capMs, 1000 * 2 ** Math.min(30, failures - rule.freeFailures));
}

/** How long this attempt must wait before it is even checked; 0 when it may go ahead. */
export async function loginWaitMs(db: DatabaseExecutor, attempt: Attempt): Promise<number> {
  const rows = await db
    .select({ blockedUntil: throttle.blockedUntil })
    .from(throttle)
    .where(
      and(
        inArray(
          throttle.key,
          keysFor(attempt).map(([, key]) => key),
        ),
        gt(throttle.blockedUntil, attempt.now),
      ),
    );
  return Math.max(0, ...rows.map((r) => r.blockedUntil!.getTime() - attempt.now.getTime()));
}

class Throttled extends Error {}

/**
 * Reserves the attempt before its password is checked: counts it as a failure under each of its
 * keys and sets each key's next wait, all in one transaction that goes ahead only if no key is
 * waiting. Concurrent attempts serialise on the keys' rows, so 40 at once from a new address
 * check exactly as many passwords as the limit allows. A success gives the reservation back
 * (`clearLoginFailures`). Returns the wait when the attempt may not go ahead.
 */
export async function reserveLoginAttempt(db: Database, attempt: Attempt): Promise<number> {
  const { now } = attempt;
  try {
    await db.transaction(async (tx) => {
      for (const [scope, key] of keysFor(attempt)) {
        const rule = loginThrottleRules[scope];
        const stale = lte(throttle.lastFailureAt, new Date(now.getTime() - rule.windowMs));
        const firstDelay = delayAfter(1, rule);
        const [row] = await tx
          .insert(throttle)
          .values({
            key,
            failures: 1,
            firstFailureAt: now,
            lastFailureAt: now,
            blockedUntil: firstDelay > 0 ? new Date(now.getTime() + firstDelay) : null,
          })
          .onConflictDoUpdate({
            target: throttle.key,
            set: {
              failures: sql`case when ${stale} then 1 else ${throttle.failures} + 1 end`,
              firstFailureAt: sql`case when ${stale} then ${sql.param(now, throttle.firstFailureAt)} else ${throttle.firstFailureAt} end`,
              lastFailureAt: now,
            },
            // A key still waiting refuses the attempt: no row comes back, and nothing changes.
            setWhere: or(isNull(throttle.blockedUntil), lte(throttle.blockedUntil, now)),
          })
          .returning({ failures: throttle.failures });
        if (!row) throw new Throttled();
        if (row.failures > 1) {
          const delay = delayAfter(row.failures, rule);
          await tx
            .update(throttle)
            .set({ blockedUntil: delay > 0 ? new Date(now.getTime() + delay) : null })
            .where(eq(throttle.key, key));
        }
      }
    });
    return 0;
  } catch (error) {
    if (!(error instanceof Throttled)) throw error;
    return Math.max(1, await loginWaitMs(db, attempt));
  }
}

/** After a refused attempt (already counted): forgets keys quiet for longer than any window. */
export async function forgetOldLoginFailures(db: DatabaseExecutor, now: Date) {
  const longest = Math.max(...Object.values(loginThrottleRules).map((r) => r.windowMs));
  await db.delete(throttle).where(lte(throttle.lastFailureAt, new Date(now.getTime() - longest)));
}

/**
 * A success gives its reservation back. It clears the pair's, the address's and the device's
 * counts; the name's own count only loses this attempt: it measures a spray from elsewhere,
 * which one good sign-in does not end.
 */
export async function clearLoginFailures(db: DatabaseExecutor, attempt: Omit<Attempt, 'now'>) {
  const keys = keysFor(attempt);
  const cleared = keys.filter(([scope]) => scope !== 'user').map(([, key]) => key);
  await db.delete(throttle).where(inArray(throttle.key, cleared));
  const user = keys.find(([scope]) => scope === 'user');
  if (user) {
    await db
      .update(throttle)
      .set({ failures: sql`greatest(${throttle.failures} - 1, 0)`, blockedUntil: null })
      .where(eq(throttle.key, user[1]));
  }
}
