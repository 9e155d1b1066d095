import { sql } from 'drizzle-orm';
import { prepareStatement, type StatementRunner } from '~/db/prepared-statement';
import { rateLimitHits } from '~/db/schema';
import { batchWhileBusy, succeeded, type Outcome } from '../lib/batch-while-busy';
import type { Clock } from '../lib/clock';

/**
 * Counts rate-limited requests in the database (ADR 015), one statement for many requests. A
 * burst (a campaign email sending hundreds to the forms at once) would otherwise cost a statement
 * and a commit per request on top of each form's own transaction. While one statement is in
 * flight, new counts queue; when it ends, all of them go in the next one (batch-while-busy.ts).
 * An idle counter sends on the next turn of the event loop (the requests already read join it): no timer.
 */

export interface WindowCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

export interface HitCounter {
  /** Counts one hit against `key`: a new window if there is none or the last one has ended. */
  count(key: string, windowMs: number): Promise<WindowCount>;
}

/**
 * Far more than a burst brings while one statement runs, and well under PostgreSQL's 65,535
 * parameters a statement (a key takes three).
 */
const MAX_HITS_PER_STATEMENT = 1_000;

interface Hit {
  key: string;
  windowMs: number;
}

/** One per app (tests build many): its queue is that app's requests. */
export function createHitCounter(db: StatementRunner, clock: Clock): HitCounter {
  const count = batchWhileBusy((batch: Hit[]) => send(db, batch, clock), MAX_HITS_PER_STATEMENT);
  return { count: (key, windowMs) => count({ key, windowMs }) };
}

/**
 * Counts a batch in one statement and answers each waiter what a statement of its own would
 * have: a key's hits in the batch are the last of its total, in the order they came. The clock
 * is read once per batch, so its hits share one `now`. A failure fails the whole batch; the
 * next batch still goes.
 */
async function send(db: StatementRunner, batch: Hit[], clock: Clock) {
  const now = clock();
  const keys = tally(batch);
  const windows = await countHits(db, keys, now);
  const next = new Map(keys.map(({ key, hits }) => [key, windows.get(key)!.hits - hits + 1]));
  return batch.map(({ key }): Outcome<WindowCount> => {
    const hits = next.get(key)!;
    next.set(key, hits + 1);
    const ttlMs = Math.max(0, windows.get(key)!.resetsAt.getTime() - now.getTime());
    return succeeded({ hits, ttlMs });
  });
}

interface KeyHits {
  key: string;
  /** How many of the batch's hits are for this key. */
  hits: number;
  /** The first hit's window: only a hit that opens a window uses it, and that is the first. */
  windowMs: number;
}

/**
 * One row per key, in key order: concurrent statements from other instances then lock shared
 * rows in the same order and cannot deadlock, and no row is affected twice by one statement.
 */
function tally(batch: Hit[]): KeyHits[] {
  const byKey = new Map<string, KeyHits>();
  for (const { key, windowMs } of batch) {
    const entry = byKey.get(key);
    if (entry) entry.hits += 1;
    else byKey.set(key, { key, hits: 1, windowMs });
  }
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
}

const ended = sql`${rateLimitHits.resetsAt} <= ${sql.placeholder('now')}::timestamptz`;
const column = (c: { name: string }) => sql.identifier(c.name);

/**
 * The upsert of ADR 015 for many keys, one array per column, its text built once
 * (`prepareStatement`): each key adds its hits to its window, or starts a new window with them
 * when the last one has ended. Returns each key's count and its window's end.
 */
const countStatement = prepareStatement(
  'rate_limit_count',
  sql`insert into ${rateLimitHits} (${column(rateLimitHits.key)}, ${column(rateLimitHits.hits)}, ${column(rateLimitHits.resetsAt)})
    select * from unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('hits')}::integer[], ${sql.placeholder('resetsAt')}::timestamptz[])
    on conflict (${column(rateLimitHits.key)}) do update set
      ${column(rateLimitHits.hits)} = case when ${ended} then excluded.hits else ${rateLimitHits.hits} + excluded.hits end,
      ${column(rateLimitHits.resetsAt)} = case when ${ended} then excluded.resets_at else ${rateLimitHits.resetsAt} end
    returning ${column(rateLimitHits.key)} as key, ${column(rateLimitHits.hits)} as hits, ${column(rateLimitHits.resetsAt)} as resets_at`,
);

async function countHits(database: StatementRunner, keys: KeyHits[], now: Date) {
  const rows = await countStatement.run(database, {
    now: now.toISOString(),
    keys: keys.map(({ key }) => key),
    hits: keys.map(({ hits }) => hits),
    resetsAt: keys.map(({ windowMs }) => new Date(now.getTime() + windowMs).toISOString()),
  });
  return new Map(
    rows.map((row) => [
      row.key as string,
      { hits: Number(row.hits), resetsAt: new Date(row.resets_at as Date | string) },
    ]),
  );
}
