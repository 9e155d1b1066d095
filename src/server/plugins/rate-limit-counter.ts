import { sql, type SQL } from 'drizzle-orm';
import type { StatementPart } from '~/db/one-statement';
import { prepareStatement, type StatementRunner } from '~/db/prepared-statement';
import { rateLimitHits } from '~/db/schema';
import { batchWhileBusy, succeeded } from '../lib/batch-while-busy';
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

/** Far more than a burst brings while one statement runs: bounds a statement's arrays. */
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
  return countsOf(batch, keys, windows, now).map((count) => succeeded(count));
}

/** Each hit's count: a key's hits in the batch are the last of its total, in order. */
function countsOf(batch: Hit[], keys: KeyHits[], windows: Map<string, Window>, now: Date) {
  const next = new Map(keys.map(({ key, hits }) => [key, windows.get(key)!.hits - hits + 1]));
  return batch.map(({ key }): WindowCount => {
    const hits = next.get(key)!;
    next.set(key, hits + 1);
    const ttlMs = Math.max(0, windows.get(key)!.resetsAt.getTime() - now.getTime());
    return { hits, ttlMs };
  });
}

interface Window {
  hits: number;
  resetsAt: Date;
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

/**
 * The upsert of ADR 015 for many keys, one array per column (placeholders named after
 * `prefix`): each key adds its hits to its window, or starts a new window with them when the
 * last one has ended. Returns each key's count and its window's end.
 */
function hitsUpsert(prefix: string) {
  const slot = (name: string) => sql.placeholder(`${prefix}${name}`);
  const ended = sql`${rateLimitHits.resetsAt} <= ${slot('now')}::timestamptz`;
  return sql`insert into ${rateLimitHits} (${column(rateLimitHits.key)}, ${column(rateLimitHits.hits)}, ${column(rateLimitHits.resetsAt)})
    select * from unnest(${slot('keys')}::text[], ${slot('hits')}::integer[], ${slot('resetsAt')}::timestamptz[])
    on conflict (${column(rateLimitHits.key)}) do update set
      ${column(rateLimitHits.hits)} = case when ${ended} then excluded.hits else ${rateLimitHits.hits} + excluded.hits end,
      ${column(rateLimitHits.resetsAt)} = case when ${ended} then excluded.resets_at else ${rateLimitHits.resetsAt} end
    returning ${column(rateLimitHits.key)} as key, ${column(rateLimitHits.hits)} as hits, ${column(rateLimitHits.resetsAt)} as resets_at`;
}

function hitsValues(prefix: string, keys: KeyHits[], now: Date) {
  return {
    [`${prefix}now`]: now.toISOString(),
    [`${prefix}keys`]: keys.map(({ key }) => key),
    [`${prefix}hits`]: keys.map(({ hits }) => hits),
    [`${prefix}resetsAt`]: keys.map(({ windowMs }) =>
      new Date(now.getTime() + windowMs).toISOString(),
    ),
  };
}

const column = (c: { name: string }) => sql.identifier(c.name);
const countStatement = prepareStatement('rate_limit_count', hitsUpsert(''));

async function countHits(database: StatementRunner, keys: KeyHits[], now: Date) {
  const rows = await countStatement.run(database, hitsValues('', keys, now));
  return windowsOf(rows as { key: string; hits: number; resets_at: Date | string }[]);
}

function windowsOf(rows: { key: string; hits: number; resets_at: Date | string }[]) {
  return new Map(
    rows.map((row): [string, Window] => [
      row.key,
      { hits: Number(row.hits), resetsAt: new Date(row.resets_at) },
    ]),
  );
}

/** A form post as `countedWrite` sees it: its row, and its rate-limit key (none: not counted). */
export interface CountedItem {
  rowOf: string;
  key: string | null;
  windowMs: number;
}

/**
 * The rate-limit count as the first parts of a form's write statement (issue 20): the posts'
 * hits are counted (the upsert of ADR 015, against the same rows as the plugin's counts), and
 * `allowed` selects the rows (`rowOf`, of SQL type `rowType`) whose post is within `max` for
 * its window, counting the batch's hits in order as the hit counter does; an item without a key
 * is always allowed, and so is one whose row is already `written` (a batch retried after its
 * reply was lost, ADR 036: its recount may pass the limit, but it was written within it). The
 * write's parts insert only those rows (`rowFilter`), so a post over the limit writes nothing
 * and the post and its count cost one round trip, not two. Select `result` and give its row to
 * `counts` to learn each post's count, as the plugin's would be, and whether it was refused.
 */
export function countedWrite(rowType: string, written: (rowOf: SQL) => SQL) {
  const parts: StatementPart[] = [
    ['form_hits', hitsUpsert('form_hits.')],
    [
      'form_allowed',
      sql`select p.row_of from unnest(${sql.placeholder('form_allowed.rows')}::${sql.raw(rowType)}[], ${sql.placeholder('form_allowed.keys')}::text[], ${sql.placeholder('form_allowed.counted')}::integer[]) as p(row_of, key, counted)
        left join form_hits h on h.key = p.key
        where p.key is null or h.hits - p.counted <= ${sql.placeholder('form_allowed.max')}::integer
          or ${written(sql`p.row_of`)}`,
    ],
  ];
  const result = sql`(select coalesce(json_agg(json_build_object('key', key, 'hits', hits, 'resets_at', resets_at)), '[]') from form_hits) as form_hits,
    (select coalesce(json_agg(row_of), '[]') from form_allowed) as form_allowed`;
  const allowed = sql`select row_of from form_allowed`;

  function values(items: CountedItem[], now: Date, max: number) {
    const hits = items.flatMap(({ key, windowMs }) => (key === null ? [] : [{ key, windowMs }]));
    const keys = tally(hits);
    // How many of the batch's hits for its key come after each one: its count is the key's
    // total less those.
    const after = new Map(keys.map(({ key, hits: n }) => [key, n]));
    const counted = items.map(({ key }) => {
      if (key === null) return 0;
      const left = after.get(key)! - 1;
      after.set(key, left);
      return left;
    });
    return {
      values: {
        ...hitsValues('form_hits.', keys, now),
        'form_allowed.rows': items.map(({ rowOf }) => rowOf),
        'form_allowed.keys': items.map(({ key }) => key),
        'form_allowed.counted': counted,
        'form_allowed.max': max,
      },
      /**
       * Each item's count (null: not counted) and whether it was refused (over its limit,
       * nothing written), from the statement's `result` row.
       */
      counts(row: {
        form_hits: { key: string; hits: number; resets_at: string }[];
        form_allowed: unknown[];
      }) {
        const windows = windowsOf(row.form_hits);
        const each = countsOf(hits, keys, windows, now);
        const allowed = new Set(row.form_allowed.map(String));
        let i = 0;
        return items.map(({ key, rowOf }) => ({
          count: key === null ? null : each[i++]!,
          refused: !allowed.has(rowOf),
        }));
      },
    };
  }
  return { parts, allowed, result, values };
}
