/**
 * `npm run bench:load`: the server under load (autocannon, 127.0.0.1, keep-alive) on the built
 * site served by its real server (scripts/bench-site.ts), on both databases: the embedded PGlite
 * in a fresh DATA_DIR, then PostgreSQL on a fresh database this bench creates on PG_ADMIN_URL's
 * server (or the local one) and drops after. Each starts with 20 published videos. Measured: the
 * server-rendered public pages (/, /donate, /join, /videos, /contact), `GET /api/videos` and
 * `POST /api/contact` (each a stored message, a queued mail and the .eml the mail worker writes;
 * after the run every message is counted in the database and every mail in DATA_DIR/outbox).
 * Each is measured beside a bare Fastify route answering a fixed string (the same method and
 * body) in its own process, so the ratio says what the site costs over Fastify itself on this
 * machine. FORM_RATE_LIMIT is raised for the run.
 *
 *   npm run bench:load
 *   npm run bench:load -- --duration 5 --connections 20 --database pglite
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { count } from 'drizzle-orm';
import Fastify from 'fastify';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { contactMessages, videos } from '../src/db/schema';
import { migrationsDir } from '../src/server/lib/paths';
import { log, machine, markdownTable, printMachine, startSite } from './bench-site';
import { createScratchDatabase } from './resilience-lib';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3401' },
    'bare-server': { type: 'string' },
    /** pglite, postgres or both (the default). */
    database: { type: 'string', default: 'both' },
  },
});

const FIXED_ANSWER = 'Hello from a bare Fastify route';

/** The yardstick: Fastify with one GET and one POST route, nothing else, in its own process. */
async function serveBare(port: number) {
  const app = Fastify({ logger: false });
  app.get('/', async () => FIXED_ANSWER);
  app.post('/', async () => FIXED_ANSWER);
  await app.listen({ host: '127.0.0.1', port });
  console.log('bare ready');
}

async function startBare(port: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--bare-server', String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  await new Promise<void>((ready, failed) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('bare ready') && ready());
    child.once('exit', (code) => failed(new Error(`the bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

const browserHeaders = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,*/*' };
const contactBody = JSON.stringify({
  name: 'Load Tester',
  email: 'load.tester@example.org',
  message: 'A message sent by the load bench to measure the contact form.',
});

const targets: Target[] = [
  { name: 'GET / (home, SSR)', method: 'GET', path: '/' },
  { name: 'GET /donate', method: 'GET', path: '/donate' },
  { name: 'GET /join', method: 'GET', path: '/join' },
  { name: 'GET /videos (20 videos)', method: 'GET', path: '/videos' },
  { name: 'GET /contact', method: 'GET', path: '/contact' },
  { name: 'GET /api/videos (20 videos)', method: 'GET', path: '/api/videos' },
  { name: 'POST /api/contact', method: 'POST', path: '/api/contact', body: contactBody },
];

const PUBLISHED_VIDEOS = 20;

/** The library the pages and `GET /api/videos` show: 20 published videos (YouTube links). */
async function seedVideos(database: DatabaseHandle) {
  await database.migrate(migrationsDir);
  const now = Date.now();
  await database.db.insert(videos).values(
    Array.from({ length: PUBLISHED_VIDEOS }, (_, n) => ({
      title: `Teaching ${n + 1}: the weekly portion`,
      description: 'A teaching recorded at the tziyun, for the load bench.',
      videoUrl: `https://www.youtube.com/watch?v=bench${String(n).padStart(6, '0')}`,
      durationSeconds: 600 + n,
      isPublished: true,
      publishedAt: new Date(now - n * 86_400_000),
    })),
  );
}

interface Bed {
  label: string;
  env: Record<string, string>;
  dataDir: string;
  /** The stored contact messages, once the site has stopped (PGlite is one process). */
  countMessages: () => Promise<number>;
  drop: () => Promise<void>;
}

/** PGlite in a fresh DATA_DIR, seeded before the server opens it. */
async function pgliteBed(): Promise<Bed> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tziyun-bench-'));
  const database = await openDatabase({ dataDir, purpose: 'the load bench' });
  await seedVideos(database);
  await database.close();
  const countOn = async () => {
    const reopened = await openDatabase({ dataDir, purpose: 'the load bench' });
    try {
      const [row] = await reopened.db.select({ n: count() }).from(contactMessages);
      return row!.n;
    } finally {
      await reopened.close();
    }
  };
  return {
    label: 'PGlite',
    env: {},
    dataDir,
    countMessages: countOn,
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh PostgreSQL database on PG_ADMIN_URL's server (or the local one), dropped after. */
async function postgresBed(): Promise<Bed> {
  const scratch = await createScratchDatabase('tziyun_bench_load');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  await seedVideos(database);
  await database.close();
  const dataDir = mkdtempSync(join(tmpdir(), 'tziyun-bench-'));
  return {
    label: 'PostgreSQL',
    // Production on PostgreSQL needs the site's secret (ADR 020): a throwaway one per run.
    env: { DATABASE_URL: scratch.url, APP_SECRET: randomBytes(32).toString('base64') },
    dataDir,
    countMessages: async () => {
      const rows = await scratch.query<{ n: number }>(
        'select count(*)::int as n from contact_messages',
      );
      return rows[0]!.n;
    },
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch.drop();
    },
  };
}

const emlFiles = (dataDir: string) => {
  try {
    return readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml')).length;
  } catch {
    return 0;
  }
};

/**
 * Waits for the mail worker to write at least `expected` .eml files (it drains after the burst),
 * then for the outbox to stay still for 3 s: the requests in flight when a run ended were stored
 * too, without autocannon counting their answers.
 */
async function waitForMails(dataDir: string, expected: number, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  let written = emlFiles(dataDir);
  let stillSince = Date.now();
  while (Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 500));
    const now = emlFiles(dataDir);
    if (now !== written) [written, stillSince] = [now, Date.now()];
    else if (written >= expected && Date.now() - stillSince >= 3000) break;
  }
  return written;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  ok: number;
}

async function measure(url: string, target: Omit<Target, 'name'>, duration: number) {
  const result = await autocannon({
    url: url + target.path,
    method: target.method,
    connections: Number(args.connections),
    duration,
    headers: {
      ...browserHeaders,
      ...(target.body ? { 'content-type': 'application/json', origin: url } : {}),
    },
    ...(target.body ? { body: target.body } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ok: result['2xx'],
  } satisfies Measured;
}

interface Row {
  target: Target;
  site: Measured;
  bare: Measured;
}

/** Every target on one database: the site on `port`, the bare route on `port + 1`. */
async function runOn(bed: Bed, port: number, duration: number) {
  const site = await startSite(port, { FORM_RATE_LIMIT: '100000000', ...bed.env }, bed.dataDir);
  const bare = await startBare(port + 1);
  const rows: Row[] = [];
  const loads: number[] = [];
  let contactsStored = 0;
  const mails = { expected: 0, written: 0 };
  try {
    for (const target of targets) {
      // A short warm-up of each (JIT, caches), then the bare route and the site back to back.
      const bareTarget = { method: target.method, path: '/', body: target.body };
      await measure(bare.url, bareTarget, 2);
      const warm = await measure(site.url, target, 2);
      const bareRun = await measure(bare.url, bareTarget, duration);
      const siteRun = await measure(site.url, target, duration);
      loads.push(loadavg()[0]!);
      log(
        `${bed.label} ${target.name}: ${Math.round(siteRun.rps)} req/s (bare ${Math.round(bareRun.rps)})`,
      );
      rows.push({ target, site: siteRun, bare: bareRun });
      if (target.path === '/api/contact') contactsStored += warm.ok + siteRun.ok;
    }
    // Each message mails the office; the sender's acknowledgement goes once a day per address.
    const expected = contactsStored + (contactsStored > 0 ? 1 : 0);
    log(`${bed.label}: waiting for the mail worker to write ${expected} mails`);
    mails.expected = expected;
    mails.written = await waitForMails(bed.dataDir, expected);
  } finally {
    await bare.close();
    await site.close();
  }
  const stored = await bed.countMessages();
  // Each stored message mailed the office; the acknowledgement went once to the one address.
  mails.expected = stored + (stored > 0 ? 1 : 0);
  return { rows, loads, contacts: { answered: contactsStored, stored }, mails };
}

function printRun(label: string, run: Awaited<ReturnType<typeof runOn>>) {
  const ms = (n: number) => String(n);
  const loads = run.loads.map((n) => n.toFixed(1));
  console.log(`\n### ${label}\n`);
  console.log(`- load average (1 min) after each route: ${loads.join(', ')}`);
  console.log(
    `- contact messages answered 200 within the runs: ${run.contacts.answered}, ` +
      `stored (with those in flight as a run ended): ${run.contacts.stored}; ` +
      `mails expected: ${run.mails.expected}, written to the outbox: ${run.mails.written}`,
  );
  console.log(
    `\n${markdownTable(
      [
        'route',
        'req/s',
        'p50 ms',
        'p99 ms',
        'errors',
        'non-2xx',
        'bare req/s',
        'bare p50',
        'bare p99',
        'site/bare',
      ],
      run.rows.map(({ target, site: s, bare: b }) => [
        target.name,
        String(Math.round(s.rps)),
        ms(s.p50),
        ms(s.p99),
        String(s.errors),
        String(s.non2xx),
        String(Math.round(b.rps)),
        ms(b.p50),
        ms(b.p99),
        (s.rps / b.rps).toFixed(3),
      ]),
    )}\n`,
  );
}

async function main() {
  const duration = Number(args.duration);
  const port = Number(args.port);
  const beds = [
    ...(args.database !== 'postgres' ? [pgliteBed] : []),
    ...(args.database !== 'pglite' ? [postgresBed] : []),
  ];
  const runs: { label: string; run: Awaited<ReturnType<typeof runOn>> }[] = [];
  for (const makeBed of beds) {
    const bed = await makeBed();
    try {
      runs.push({ label: bed.label, run: await runOn(bed, port, duration) });
    } finally {
      await bed.drop();
    }
  }

  console.log(
    `\n## Load: autocannon, ${args.connections} connections, ${duration} s each, 127.0.0.1\n`,
  );
  printMachine(machine());
  for (const { label, run } of runs) printRun(label, run);
  const problems = runs.flatMap(({ label, run }) => [
    ...run.rows
      .filter(({ site: s, bare: b }) => s.errors + s.non2xx + b.errors + b.non2xx)
      .map((r) => `${label} ${r.target.name}: errors or non-2xx answers`),
    ...(run.contacts.stored < run.contacts.answered
      ? [`${label}: ${run.contacts.answered} messages answered, ${run.contacts.stored} stored`]
      : []),
    ...(run.mails.written !== run.mails.expected
      ? [`${label}: ${run.mails.expected} mails expected, ${run.mails.written} written`]
      : []),
  ]);
  console.log(problems.length ? problems.join('\n') : 'No errors, no non-2xx, nothing lost.');
  if (problems.length) process.exitCode = 1;
}

const run = args['bare-server'] ? serveBare(Number(args['bare-server'])) : main();
run.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
