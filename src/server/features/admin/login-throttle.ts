import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { adminLoginThrottle as throttle } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';

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
 * name's cap is short so that such a spray cannot lock the real administrator out for long.
 */
export const loginThrottleRules = {
  pair: { freeFailures: 5, capMs: 15 * minute, windowMs: 60 * minute },
  ip: { freeFailures: 20, capMs: 15 * minute, windowMs: 60 * minute },
  user: { freeFailures: 50, capMs: minute, windowMs: 60 * minute },
} satisfies Record<string, ThrottleRule>;

type Scope = keyof typeof loginThrottleRules;

interface Attempt {
  /** Lower-cased, as typed (the account need not exist). */
  username: string;
  ip: string;
  now: Date;
}

function keysFor({ username, ip }: Pick<Attempt, 'username' | 'ip'>): Record<Scope, string> {
  return { pair: `pair:${username} ${ip}`, ip: `ip:${ip}`, user: `user:${username}` };
}

/** The wait after `failures` failures under `rule`: 0, then 1 s, 2 s, 4 s … up to the cap. */
export function delayAfter(failures: number, rule: ThrottleRule): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.capMs, 1000 * 2 ** (failures - rule.freeFailures));
}

/** How long this attempt must wait before it is even checked; 0 when it may go ahead. */
export async function loginWaitMs(db: DatabaseExecutor, attempt: Attempt): Promise<number> {
  const rows = await db
    .select({ blockedUntil: throttle.blockedUntil })
    .from(throttle)
    .where(
      and(
        inArray(throttle.key, Object.values(keysFor(attempt))),
        gt(throttle.blockedUntil, attempt.now),
      ),
    );
  return Math.max(0, ...rows.map((r) => r.blockedUntil!.getTime() - attempt.now.getTime()));
}

/** Counts a failed attempt against its three keys and sets each key's next wait. */
export async function recordLoginFailure(db: DatabaseExecutor, attempt: Attempt) {
  const { now } = attempt;
  const keys = keysFor(attempt);
  for (const scope of Object.keys(keys) as Scope[]) {
    const rule = loginThrottleRules[scope];
    const key = keys[scope];
    const stale = lte(throttle.lastFailureAt, new Date(now.getTime() - rule.windowMs));
    const [row] = await db
      .insert(throttle)
      .values({ key, failures: 1, firstFailureAt: now, lastFailureAt: now })
      .onConflictDoUpdate({
        target: throttle.key,
        set: {
          failures: sql`case when ${stale} then 1 else ${throttle.failures} + 1 end`,
          firstFailureAt: sql`case when ${stale} then ${sql.param(now, throttle.firstFailureAt)} else ${throttle.firstFailureAt} end`,
          lastFailureAt: now,
        },
      })
      .returning({ failures: throttle.failures });
    const delay = delayAfter(row!.failures, rule);
    await db
      .update(throttle)
      .set({ blockedUntil: delay > 0 ? new Date(now.getTime() + delay) : null })
      .where(eq(throttle.key, key));
  }
  // Forget keys nobody has failed on for longer than any window.
  const longest = Math.max(...Object.values(loginThrottleRules).map((r) => r.windowMs));
  await db.delete(throttle).where(lte(throttle.lastFailureAt, new Date(now.getTime() - longest)));
}

/**
 * A success clears the pair's and the address's counts. The name's own count stays: it measures
 * a spray from elsewhere, which one good sign-in does not end.
 */
export async function clearLoginFailures(
  db: DatabaseExecutor,
  attempt: Pick<Attempt, 'username' | 'ip'>,
) {
  const keys = keysFor(attempt);
  await db.delete(throttle).where(inArray(throttle.key, [keys.pair, keys.ip]));
}
