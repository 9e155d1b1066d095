/**
 * `npm run bench:admin`: the donor dashboard at a million donations, so that it stays fast as the
 * community grows (docs/benchmarks.md, The donor dashboard at a million donations).
 *
 * Creates its own PostgreSQL database (on DATABASE_URL's server, or the local one at
 * postgres://postgres@127.0.0.1:5432), or with `--pglite` its own PGlite data directory under
 * .tmp, migrates it, fills it with ROWS donations, serves the app on 127.0.0.1 and times, over
 * HTTP, what the dashboard asks for: the payment stats, the first page of the donor table,
 * searches, a date filter, a sort by amount and the whole CSV export, with the process's peak
 * memory during the export. The database is dropped at the end.
 *
 *   npm run bench:admin                               # 1,000,000 rows on PostgreSQL
 *   npm run bench:admin -- --pglite                   # the same on the embedded PGlite
 *   npm run bench:admin -- --rows 100000              # fewer
 *   npm run bench:admin -- --without-search-indexes   # "before": without the search indexes (0014, 0018)
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { register } from 'node:module';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '~/db/client';
import { adminUsers } from '~/db/schema';
import type { buildApp as BuildApp } from '~/server/app';
import { parseEnv } from '~/server/env';
import { hashPassword } from '~/server/auth/passwords';
import { createSession } from '~/server/auth/sessions';
import { migrationsDir } from '~/server/lib/paths';
import { createScratchDatabase } from './resilience-lib';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '30' },
    pglite: { type: 'boolean', default: false },
    'without-search-indexes': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const ROWS = Number(args.rows);
const RUNS = Number(args.runs);

/**
 * The search's indexes, as migrations 0014 (trigrams) and 0018 (letters and pairs of letters, for
 * the terms without a trigram) create them. The bench drops them before seeding and builds them
 * after (faster than updating them row by row), or leaves them out.
 */
const searchIndexes = ['0014_search_trigram_indexes.sql', '0018_short_search_terms.sql']
  .flatMap((file) =>
    readFileSync(join(migrationsDir, file), 'utf8').split('--> statement-breakpoint'),
  )
  .map((statement) => statement.replace(/^--.*$/gm, '').trim())
  .filter((statement) => statement.startsWith('CREATE INDEX'));
const searchIndexNames = searchIndexes.map(
  (statement) => /INDEX (?:IF NOT EXISTS )?"([^"]+)"/.exec(statement)![1]!,
);

/**
 * The rows, made by the server in one statement: 50,000 donors giving over about three years;
 * 85% succeeded (1 in 97 of those half refunded), 8% pending, 4% failed, 2% refunded, 1%
 * disputed; 30% monthly; one in seven by OJC.
 */
const seedSql = (rows: number) => `
insert into donations (donor_name, email, amount_cents, refunded_cents, donation_type,
  payment_method, payment_status, stripe_payment_intent_id, created_at, updated_at, donated_at)
select
  'Donor ' || d || ' ' || (array['Cohen','Levi','Friedman','Klein','Schwartz','Weiss','Katz','Stern'])[1 + d % 8],
  'donor' || d || '@example.org',
  amount,
  case when status = 'refunded' then amount when status = 'succeeded' and i % 97 = 0 then amount / 2 else 0 end,
  case when i % 10 < 3 then 'subscription' else 'onetime' end,
  case when i % 7 = 0 then 'ojc' else 'stripe' end,
  status,
  case when i % 7 = 0 then null else 'pi_bench_' || i end,
  at, at,
  case when status in ('succeeded', 'refunded', 'disputed') then at end
from (
  select i,
    (i::bigint * 7919) % 50000 as d,
    (array[1800, 3600, 7200, 10000, 18000, 25000, 36000, 82000])[1 + (i::bigint * 31) % 8] as amount,
    case when i % 100 < 85 then 'succeeded' when i % 100 < 93 then 'pending'
         when i % 100 < 97 then 'failed' when i % 100 < 99 then 'refunded' else 'disputed' end as status,
    now() - (${rows} - i) * interval '94 seconds' * (1000000.0 / ${rows})::float8 as at
  from generate_series(1, ${rows}) as i
) s`;

interface Timing {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  max: number;
  note: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const log = (line: string) => console.log(`[bench] ${line}`);
const loadNow = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');

interface BenchDatabase {
  database: DatabaseHandle;
  /** PostgreSQL's address, for the app's environment; none on PGlite. */
  url?: string;
  /** The dashboard's first rows: `count` and `select` of one statement's rows. */
  run(statement: string): Promise<Record<string, unknown>[]>;
  /** Drops the database (or removes PGlite's directory), unless --keep. */
  drop(): Promise<void>;
}

/** A throwaway PostgreSQL database on DATABASE_URL's server (or the local one). */
async function openPostgres(): Promise<BenchDatabase> {
  const adminUrl =
    process.env.DATABASE_URL ??
    process.env.PG_ADMIN_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await createScratchDatabase('tziyun_bench', adminUrl);
  log(`database ${scratch.name}`);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
  const raw = new pg.Client({ connectionString: scratch.url });
  await raw.connect();
  return {
    database,
    url: scratch.url,
    run: async (statement) => (await raw.query(statement)).rows,
    drop: async () => {
      await raw.end().catch(() => {});
      if (args.keep) {
        log(`kept database ${scratch.name}`);
      } else {
        await scratch.drop();
        log(`dropped ${scratch.name}`);
      }
    },
  };
}

/** A throwaway PGlite data directory under .tmp (on disk, as the site runs it). */
async function openPglite(): Promise<BenchDatabase> {
  const dataDir = join('.tmp', `bench-admin-pglite-${randomBytes(4).toString('hex')}`);
  log(`PGlite in ${dataDir}`);
  const database = await openDatabase({ dataDir, purpose: 'bench:admin' });
  return {
    database,
    run: async (statement) =>
      (
        (await database.db.execute(sql.raw(statement))) as unknown as {
          rows: Record<string, unknown>[];
        }
      ).rows,
    drop: async () => {
      if (args.keep) {
        log(`kept ${dataDir}`);
      } else {
        rmSync(dataDir, { recursive: true, force: true });
        log(`removed ${dataDir}`);
      }
    },
  };
}

async function main() {
  const bench = args.pglite ? await openPglite() : await openPostgres();
  const { database, run } = bench;
  let app: Awaited<ReturnType<typeof BuildApp>> | null = null;
  try {
    log(`migrating, then seeding ${ROWS.toLocaleString('en-US')} donations`);
    await database.migrate(migrationsDir);
    for (const index of searchIndexNames) await run(`drop index ${index}`);
    let started = performance.now();
    await run(seedSql(ROWS));
    await run('vacuum analyze donations');
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (!args['without-search-indexes']) {
      started = performance.now();
      for (const statement of searchIndexes) await run(statement);
      await run('vacuum analyze donations');
      log(`search indexes built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }

    // The server renders client modules that read `import.meta.env` (Vite's, absent under tsx).
    register('./lib/import-meta-env-hooks.mjs', import.meta.url);
    const { buildApp } = await import('~/server/app');
    const env = parseEnv({
      NODE_ENV: 'production',
      // Production on PostgreSQL needs the site's secret (ADR 020): a throwaway one per run.
      APP_SECRET: randomBytes(32).toString('base64'),
      PUBLIC_URL: 'http://127.0.0.1',
      ...(bench.url ? { DATABASE_URL: bench.url } : {}),
      LOG_LEVEL: 'warn',
      DATA_DIR: join('.tmp', 'bench-admin'),
    });
    app = await buildApp({ env, database, logger: false, clientDir: '.tmp/no-client-build' });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const [user] = await database.db
      .insert(adminUsers)
      .values({
        username: 'bench',
        passwordHash: await hashPassword(randomBytes(16).toString('hex')),
      })
      .returning();
    const { token } = await createSession(database.db, {
      userId: user!.id,
      now: new Date(),
      maxMs: app.adminAuth.maxMs,
    });
    const headers = { cookie: `${app.adminAuth.cookieName}=${token}` };

    const fetchJson = async (path: string) => {
      const res = await fetch(`${address}${path}`, { headers });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };

    const timings: Timing[] = [];
    async function time(name: string, path: string, note = '', runs = RUNS) {
      await fetchJson(path); // warm: plans cached, pages in memory
      const samples: number[] = [];
      let last: Record<string, unknown> = {};
      for (let i = 0; i < runs; i += 1) {
        const t = performance.now();
        last = await fetchJson(path);
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      const total = 'total' in last ? ` (total ${last.total}${last.totalIsExact ? '' : '+'})` : '';
      timings.push({
        name,
        runs,
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        max: samples[samples.length - 1]!,
        note: `${note}${total}`,
      });
      log(`${name}: p95 ${percentile(samples, 95).toFixed(1)} ms`);
    }

    const loadAtStart = loadNow();
    // The first stats call sums the history; later ones add only the recent rows.
    started = performance.now();
    await fetchJson('/api/admin/payment-stats');
    const coldStats = performance.now() - started;
    log(`payment stats, first call: ${coldStats.toFixed(0)} ms`);

    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    await time('payment stats', '/api/admin/payment-stats', 'history kept');
    await time('first page (25)', '/api/admin/donors');
    await time('page 41 (offset 1000)', '/api/admin/donors?offset=1000');
    await time('search, broad ("cohen")', '/api/admin/donors?search=cohen');
    await time('search, one donor ("donor4217@")', '/api/admin/donors?search=donor4217%40');
    await time('search, no match', '/api/admin/donors?search=nobody-at-all');
    await time('search, every row ("example.org")', '/api/admin/donors?search=example.org');
    // No trigram to look up: the letters and pairs of letters are (migration 0018, ADR 030).
    await time('search, two characters, no match ("zq")', '/api/admin/donors?search=zq');
    await time('search, one character, no match ("q")', '/api/admin/donors?search=q');
    await time(
      'search, Hebrew, no match ("כץ")',
      `/api/admin/donors?search=${encodeURIComponent('כץ')}`,
    );
    await time('search, two characters, 1 row in 4 ("tz")', '/api/admin/donors?search=tz');
    await time(
      'search and a date filter ("levi", one year)',
      `/api/admin/donors?search=levi&from=${yearAgo}`,
    );
    await time('date filter, one day', `/api/admin/donors?from=${monthAgo}&to=${monthAgo}`);
    await time('date filter, one year', `/api/admin/donors?from=${yearAgo}`);
    await time('status filter (pending)', '/api/admin/donors?status=pending');
    await time('sort by amount', '/api/admin/donors?sort=amount');

    // The whole export, streamed: peak memory of this process (the server) while it runs.
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    started = performance.now();
    const res = await fetch(`${address}/api/admin/donors.csv`, { headers });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    const csvMs = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    log(`CSV: ${lines - 1} rows, ${(bytes / 1e6).toFixed(0)} MB in ${(csvMs / 1000).toFixed(1)} s`);

    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    const flags = [
      args.pglite ? '--pglite' : '',
      args['without-search-indexes'] ? '--without-search-indexes' : '',
    ].filter(Boolean);
    const [version] = await run('select version() as v');
    console.log(`
## ${ROWS.toLocaleString('en-US')} donations on ${args.pglite ? 'PGlite' : 'PostgreSQL'}${args['without-search-indexes'] ? ', without the search indexes' : ''}

Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${mb(totalmem())} memory; Node ${process.version}; ${String(version?.v).split(' on ')[0]}.
Load average (other work on the machine) when the timings began: ${loadAtStart}; when done: ${loadNow()}.
Command: \`npm run bench:admin${flags.length ? ` -- ${flags.join(' ')}` : ''}\`; ${RUNS} timed runs each after one warm-up, over HTTP on 127.0.0.1.

| call | p50 ms | p95 ms | max ms | note |
| --- | ---: | ---: | ---: | --- |
| payment stats, first call | ${coldStats.toFixed(1)} | | | sums the history once |
${timings.map((t) => `| ${t.name} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.max.toFixed(1)} | ${t.note}${t.runs === RUNS ? '' : ` (${t.runs} runs)`} |`).join('\n')}

CSV export of every row: ${(lines - 1).toLocaleString('en-US')} rows, ${(bytes / 1e6).toFixed(0)} MB in ${(csvMs / 1000).toFixed(1)} s; process memory ${mb(rssBefore)} before, ${mb(peak)} at its peak (RSS, sampled every 20 ms).
`);
  } finally {
    await app?.close();
    await database.close();
    await bench.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
