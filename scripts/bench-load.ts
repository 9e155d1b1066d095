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
 * machine, and each GET also beside bare Fastify sending the site's own answer, headers and bytes
 * (the same-answer yardstick: what the site's code costs over Fastify for that very answer). Three
 * rounds of 5 s each, the yardsticks and the site in turn, and each side's median round taken,
 * so a spike of the machine cannot decide the ratio alone. FORM_RATE_LIMIT is raised for the
 * run.
 *
 *   npm run bench:load
 *   npm run bench:load -- --duration 10 --rounds 1 --connections 20 --database pglite
 *   npm run bench:load -- --routes contact
 *   npm run bench:load -- --routes 'POST' --rate 20     (the p99 at a traffic model's rate)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { getTableName } from 'drizzle-orm';
import Fastify from 'fastify';
import { openDatabase, type DatabaseHandle } from '~/db/client';
import {
  contactMessages,
  membershipApplications,
  newsletterSubscribers,
  videos,
} from '~/db/schema';
import { migrationsDir } from '~/server/lib/paths';
import {
  cpuMicros,
  log,
  machine,
  markdownTable,
  printMachine,
  startChild,
  startSite,
} from './bench-site';
import { createScratchDatabase } from './resilience-lib';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    /**
     * Rounds of the bare route then the site, back to back; each side's median round is taken.
     * One long round each let a passing spike of the machine (the bare route swung from 36,000
     * to 88,000 requests a second between runs) decide the ratio.
     */
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3401' },
    'bare-server': { type: 'string' },
    /** For the bare server: a file holding the answer it sends (the same-answer yardstick). */
    'answer-file': { type: 'string' },
    /**
     * Requests a second for every run, across the connections (autocannon's `overallRate`):
     * the p99 at a traffic model's rate (ADR 051) instead of at the most the machine gives.
     */
    rate: { type: 'string' },
    /** pglite, postgres or both (the default). */
    database: { type: 'string', default: 'both' },
    /**
     * Only the routes whose name contains this text (e.g. `contact`), or one of several separated
     * by commas (`GET / (home,POST /api/contact`); all by default.
     */
    routes: { type: 'string', default: '' },
  },
});

const FIXED_ANSWER = 'Hello from a bare Fastify route';

/**
 * An answer as the site sent it: its headers (those Node writes itself on every answer left out)
 * and its bytes as they crossed the wire, compressed.
 */
interface WireAnswer {
  headers: [string, string][];
  body: Buffer;
}

/** Written by Node's HTTP server on every answer, the bare route's too. */
const connectionHeaders = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/**
 * The yardstick: Fastify with one GET and one POST route, nothing else, in its own process. With
 * `answer` (the same-answer yardstick), its GET sends the site's answer instead of the fixed
 * string: the same headers, the same bytes, already compressed.
 */
async function serveBare(port: number, answer?: WireAnswer) {
  const app = Fastify({ logger: false });
  if (answer) {
    // Grouped once, not per request: a name sent twice is sent twice again (Fastify's header()
    // would keep the last one), and the yardstick does no work the site does not.
    const byName = new Map<string, string[]>();
    for (const [name, value] of answer.headers) {
      byName.set(name, [...(byName.get(name) ?? []), value]);
    }
    const headers = [...byName].map(
      ([name, values]) => [name, values.length > 1 ? values : values[0]!] as const,
    );
    app.get('/', async (_request, reply) => {
      for (const [name, value] of headers) reply.header(name, value);
      return reply.send(answer.body);
    });
  } else {
    app.get('/', async () => FIXED_ANSWER);
  }
  app.post('/', async () => FIXED_ANSWER);
  await app.listen({ host: '127.0.0.1', port });
  console.log('bare ready');
}

function readAnswerFile(path: string): WireAnswer {
  const stored = JSON.parse(readFileSync(path, 'utf8')) as Omit<WireAnswer, 'body'> & {
    body: string;
  };
  return { ...stored, body: Buffer.from(stored.body, 'base64') };
}

/**
 * The site's answer to a GET as a browser asks for it (the bench's headers), bytes unread:
 * fetch would undo the compression the same-answer yardstick is to send again.
 */
function wireAnswer(url: string): Promise<WireAnswer> {
  return new Promise((done, failed) => {
    const request = httpGet(url, { headers: browserHeaders }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) {
          failed(new Error(`${url} answered ${response.statusCode}`));
          return;
        }
        const headers: [string, string][] = [];
        for (let n = 0; n < response.rawHeaders.length; n += 2) {
          const [name, value] = [response.rawHeaders[n]!, response.rawHeaders[n + 1]!];
          if (!connectionHeaders.has(name.toLowerCase())) headers.push([name, value]);
        }
        done({ headers, body: Buffer.concat(chunks) });
      });
      response.on('error', failed);
    });
    request.on('error', failed);
  });
}

async function startBare(port: number, answer?: WireAnswer) {
  const answerArgs: string[] = [];
  let answerDir: string | undefined;
  if (answer) {
    answerDir = mkdtempSync(join(tmpdir(), 'tziyun-bench-answer-'));
    const file = join(answerDir, 'answer.json');
    writeFileSync(file, JSON.stringify({ ...answer, body: answer.body.toString('base64') }));
    answerArgs.push('--answer-file', file);
  }
  const bare = await startChild(
    fileURLToPath(import.meta.url),
    ['--bare-server', String(port), ...answerArgs],
    'bare ready',
    { ...process.env, NODE_ENV: 'production' },
  ).catch((error: unknown) => {
    if (answerDir) rmSync(answerDir, { recursive: true, force: true });
    throw error;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: bare.pid,
    close: async () => {
      await bare.close();
      if (answerDir) rmSync(answerDir, { recursive: true, force: true });
    },
  };
}

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** The same body every time, or a new one for each request (`n` counts them). */
  body?: string | ((n: number) => string);
}

const browserHeaders = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,*/*' };
const contactBody = JSON.stringify({
  name: 'Load Tester',
  email: 'load.tester@example.org',
  message: 'A message sent by the load bench to measure the contact form.',
});

/** Addresses no other run used: the bench's start time and the request's number. */
const runId = Date.now().toString(36);
const benchAddress = (kind: string, n: number) => `${kind}.${runId}.${n}@example.org`;

function newsletterBody(n: number) {
  return JSON.stringify({ email: benchAddress('reader', n) });
}

function applicationBody(n: number) {
  return JSON.stringify({
    firstName: 'Load',
    lastName: `Tester ${n}`,
    email: benchAddress('applicant', n),
    membershipTier: 'spark',
  });
}

const targets: Target[] = [
  { name: 'GET / (home, SSR)', method: 'GET', path: '/' },
  { name: 'GET /donate', method: 'GET', path: '/donate' },
  { name: 'GET /join', method: 'GET', path: '/join' },
  { name: 'GET /videos (20 videos)', method: 'GET', path: '/videos' },
  { name: 'GET /contact', method: 'GET', path: '/contact' },
  // A form's thanks: rendered for its request, never kept (ADR 029): a page without the cache.
  { name: 'GET /contact?sent=contact (not kept)', method: 'GET', path: '/contact?sent=contact' },
  { name: 'GET /api/videos (20 videos)', method: 'GET', path: '/api/videos' },
  { name: 'POST /api/contact', method: 'POST', path: '/api/contact', body: contactBody },
  // Each a new address: a pending subscriber and its confirmation mail.
  { name: 'POST /api/newsletter', method: 'POST', path: '/api/newsletter', body: newsletterBody },
  // Each a new applicant: the application, a pending member and two mails.
  {
    name: 'POST /api/membership-applications',
    method: 'POST',
    path: '/api/membership-applications',
    body: applicationBody,
  },
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

/**
 * What each post stores (a row of this table) and the mails each stored row sends: the contact
 * form mails the office (the sender's acknowledgement goes once a day to the one address the
 * bench uses), the newsletter its confirmation, the application the applicant and the office.
 */
const stores = {
  '/api/contact': { table: contactMessages, mailsEach: 1 },
  '/api/newsletter': { table: newsletterSubscribers, mailsEach: 1 },
  '/api/membership-applications': { table: membershipApplications, mailsEach: 2 },
} as const;
type PostPath = keyof typeof stores;
const isPost = (path: string): path is PostPath => Object.hasOwn(stores, path);

interface Bed {
  label: string;
  env: Record<string, string>;
  dataDir: string;
  /** The rows each post stored, once the site has stopped (PGlite is one process). */
  countRows: () => Promise<Record<PostPath, number>>;
  drop: () => Promise<void>;
}

type StoreTable = (typeof stores)[PostPath]['table'];

async function countEach(countIn: (table: StoreTable) => Promise<number>) {
  const counts = {} as Record<PostPath, number>;
  for (const [path, { table }] of Object.entries(stores)) {
    counts[path as PostPath] = await countIn(table);
  }
  return counts;
}

/** PGlite in a fresh DATA_DIR, seeded before the server opens it. */
async function pgliteBed(): Promise<Bed> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tziyun-bench-'));
  const database = await openDatabase({ dataDir, purpose: 'the load bench' });
  await seedVideos(database);
  await database.close();
  const countRows = async () => {
    const reopened = await openDatabase({ dataDir, purpose: 'the load bench' });
    try {
      return await countEach((table) => reopened.db.$count(table));
    } finally {
      await reopened.close();
    }
  };
  return {
    label: 'PGlite',
    env: {},
    dataDir,
    countRows,
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
    countRows: () =>
      countEach(async (table) => {
        const query = `select count(*)::int as n from ${getTableName(table)}`;
        return (await scratch.query<{ n: number }>(query))[0]!.n;
      }),
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
 * then for the outbox to stay still for `stillMs`: the requests in flight when a run ended were
 * stored too, without autocannon counting their answers.
 */
async function waitForMails(
  dataDir: string,
  expected: number,
  { stillMs = 3000, timeoutMs = 300_000 } = {},
) {
  const deadline = Date.now() + timeoutMs;
  let written = emlFiles(dataDir);
  let stillSince = Date.now();
  while (Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 500));
    const now = emlFiles(dataDir);
    if (now !== written) [written, stillSince] = [now, Date.now()];
    else if (written >= expected && Date.now() - stillSince >= stillMs) break;
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
  /** The server's CPU time per request answered, in microseconds. */
  cpuMicrosEach: number;
}

/** A new body for each request autocannon sends, numbered across its connections. */
function newBody(bodyFor: (n: number) => string) {
  return (request: { body?: string | Buffer }) => {
    request.body = bodyFor(++bodiesSent);
    return request;
  };
}
let bodiesSent = 0;

/**
 * Autocannon on `url` for `duration` seconds. The server's CPU time per answer (`pid`'s, read
 * from /proc before and after) says what an answer costs the server even when the load
 * generator, on the same two cores, is what limits the requests a second.
 */
async function measure(
  url: string,
  target: Omit<Target, 'name'>,
  duration: number,
  pid: number,
): Promise<Measured> {
  const cpuBefore = cpuMicros(pid);
  const startedAt = process.hrtime.bigint() / 1000n;
  const result = await autocannon({
    url: url + target.path,
    method: target.method,
    connections: Number(args.connections),
    duration,
    ...(args.rate ? { overallRate: Number(args.rate) } : {}),
    headers: {
      ...browserHeaders,
      ...(target.body ? { 'content-type': 'application/json', origin: url } : {}),
    },
    ...(typeof target.body === 'string' ? { body: target.body } : {}),
    ...(typeof target.body === 'function'
      ? { requests: [{ setupRequest: newBody(target.body) }] }
      : {}),
  });
  if (process.env.BENCH_CPU_PROF_DIR) {
    // On the profiles' clock (both monotonic, in µs): which samples belong to this run.
    log(
      `profile window: ${target.method} ${target.path} pid ${pid} ${startedAt}-${process.hrtime.bigint() / 1000n}`,
    );
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ok: result['2xx'],
    cpuMicrosEach: (cpuMicros(pid) - cpuBefore) / Math.max(1, result.requests.total),
  };
}

/** The round with the median requests a second (the upper one of an even count). */
function median(runs: Measured[]): Measured {
  return runs.toSorted((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;
}

interface Row {
  target: Target;
  site: Measured;
  bare: Measured;
  /** A GET's: bare Fastify sending the site's own answer, byte for byte. */
  sameAnswer?: Measured;
}

/**
 * Every target on one database: the site on `port`, the bare route on `port + 1`, and for each
 * GET the same-answer yardstick on `port + 2`: bare Fastify sending the site's answer to that GET
 * as it crossed the wire (its headers, its compressed bytes). On a machine where each byte and
 * each header sent costs (`npm run bench:wire`: plain Node sends 31 bytes 63,210 times a second,
 * 9 KB 19,109 times, 31 bytes with 20 headers 48,618 times), a page is far below the fixed string's
 * rate for its size and its security headers alone; the same answer tells what the site's own
 * code costs over Fastify.
 */
async function runOn(bed: Bed, port: number, duration: number) {
  const site = await startSite(port, { FORM_RATE_LIMIT: '100000000', ...bed.env }, bed.dataDir);
  const bare = await startBare(port + 1);
  const rows: Row[] = [];
  const loads: number[] = [];
  const answered = { '/api/contact': 0, '/api/newsletter': 0, '/api/membership-applications': 0 };
  const mails = { expected: 0, written: 0 };
  let same: Awaited<ReturnType<typeof startBare>> | undefined;
  try {
    const wanted = args.routes.split(',');
    for (const target of targets.filter((t) => wanted.some((part) => t.name.includes(part)))) {
      // A short warm-up of each (JIT, caches), then the bare route and the site back to back.
      const body = typeof target.body === 'function' ? target.body(0) : target.body;
      const bareTarget = { method: target.method, path: '/', body };
      same =
        target.method === 'GET'
          ? await startBare(port + 2, await wireAnswer(site.url + target.path))
          : undefined;
      await measure(bare.url, bareTarget, 2, bare.pid);
      if (same) await measure(same.url, bareTarget, 2, same.pid);
      const warm = await measure(site.url, target, 2, site.pid);
      const bareRuns: Measured[] = [];
      const sameRuns: Measured[] = [];
      const siteRuns: Measured[] = [];
      if (isPost(target.path)) answered[target.path] += warm.ok;
      for (let round = 0; round < Number(args.rounds); round += 1) {
        // The mail of the posts so far is written first: the worker drains at full speed once
        // the posts stop, and would take the bare route's CPU during its round.
        const mailed = mailsFor(answered);
        if (mailed > 0) await waitForMails(bed.dataDir, mailed, { stillMs: 1000 });
        bareRuns.push(await measure(bare.url, bareTarget, duration, bare.pid));
        if (same) sameRuns.push(await measure(same.url, bareTarget, duration, same.pid));
        const siteRun = await measure(site.url, target, duration, site.pid);
        siteRuns.push(siteRun);
        if (isPost(target.path)) answered[target.path] += siteRun.ok;
      }
      if (same) await same.close();
      same = undefined;
      const [bareRun, siteRun] = [median(bareRuns), median(siteRuns)];
      const sameRun = sameRuns.length ? median(sameRuns) : undefined;
      loads.push(loadavg()[0]!);
      const each = (runs: Measured[]) => runs.map((r) => Math.round(r.rps)).join(', ');
      log(
        `${bed.label} ${target.name}: ${Math.round(siteRun.rps)} req/s (rounds ${each(siteRuns)}), ` +
          `bare ${Math.round(bareRun.rps)} (rounds ${each(bareRuns)})` +
          (sameRun ? `, same answer ${Math.round(sameRun.rps)} (rounds ${each(sameRuns)})` : ''),
      );
      rows.push({
        target,
        site: siteRun,
        bare: bareRun,
        ...(sameRun ? { sameAnswer: sameRun } : {}),
      });
    }
    const expected = mailsFor(answered);
    log(`${bed.label}: waiting for the mail worker to write ${expected} mails`);
    mails.written = await waitForMails(bed.dataDir, expected);
  } finally {
    await same?.close();
    await bare.close();
    await site.close();
  }
  // Posts in flight as a run ended were stored and mailed too: count from what was stored.
  const stored = await bed.countRows();
  mails.expected = mailsFor(stored);
  return { rows, loads, answered, stored, mails };
}

/** The mails the stored rows send; the contact acknowledgement once, to the one address. */
function mailsFor(rows: Record<PostPath, number>) {
  const each = Object.entries(stores).map(
    ([path, { mailsEach }]) => rows[path as PostPath] * mailsEach,
  );
  return each.reduce((a, b) => a + b, 0) + (rows['/api/contact'] > 0 ? 1 : 0);
}

function printRun(label: string, run: Awaited<ReturnType<typeof runOn>>) {
  const ms = (n: number) => String(n);
  const loads = run.loads.map((n) => n.toFixed(1));
  console.log(`\n### ${label}\n`);
  console.log(`- load average (1 min) after each route: ${loads.join(', ')}`);
  for (const path of Object.keys(stores) as PostPath[]) {
    console.log(
      `- ${path}: answered 200 within the runs ${run.answered[path]}, stored (with those in ` +
        `flight as a run ended) ${run.stored[path]}`,
    );
  }
  console.log(
    `- mails expected: ${run.mails.expected}, written to the outbox: ${run.mails.written}`,
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
        'CPU µs/req',
        'bare CPU µs/req',
        'CPU bare/site',
        'same-answer req/s',
        'site/same answer',
        'same-answer CPU µs/req',
      ],
      run.rows.map(({ target, site: s, bare: b, sameAnswer: same }) => [
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
        String(Math.round(s.cpuMicrosEach)),
        String(Math.round(b.cpuMicrosEach)),
        (b.cpuMicrosEach / s.cpuMicrosEach).toFixed(3),
        same ? String(Math.round(same.rps)) : '',
        same ? (s.rps / same.rps).toFixed(3) : '',
        same ? String(Math.round(same.cpuMicrosEach)) : '',
      ]),
    )}\n`,
  );
}

async function main() {
  const duration = Number(args.duration);
  if (!(Number(args.rounds) >= 1) || !(duration > 0)) {
    throw new Error('--rounds takes a whole number from 1, --duration a number of seconds');
  }
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
    `\n## Load: autocannon, ${args.connections} connections, ${args.rounds} rounds of ${duration} s ` +
      `each side (the median round shown)${args.rate ? `, ${args.rate} requests a second` : ''}, ` +
      `127.0.0.1\n`,
  );
  printMachine(machine());
  for (const { label, run } of runs) printRun(label, run);
  const problems = runs.flatMap(({ label, run }) => [
    ...run.rows
      .filter(
        ({ site: s, bare: b, sameAnswer: same }) =>
          s.errors + s.non2xx + b.errors + b.non2xx + (same ? same.errors + same.non2xx : 0),
      )
      .map((r) => `${label} ${r.target.name}: errors or non-2xx answers`),
    ...(Object.keys(stores) as PostPath[])
      .filter((path) => run.stored[path] < run.answered[path])
      .map(
        (path) => `${label} ${path}: ${run.answered[path]} answered, ${run.stored[path]} stored`,
      ),
    ...(run.mails.written !== run.mails.expected
      ? [`${label}: ${run.mails.expected} mails expected, ${run.mails.written} written`]
      : []),
  ]);
  console.log(problems.length ? problems.join('\n') : 'No errors, no non-2xx, nothing lost.');
  if (problems.length) process.exitCode = 1;
}

const answerFile = args['answer-file'];
const run = args['bare-server']
  ? serveBare(Number(args['bare-server']), answerFile ? readAnswerFile(answerFile) : undefined)
  : main();
run.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
