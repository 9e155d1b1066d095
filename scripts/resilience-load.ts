// `npm run resilience:load`: the built server on a fresh PostgreSQL database under
// autocannon, 100 connections for 60 s, cycling through the public pages and forms; the run
// fails on a single 5xx, error or timeout. The form rate limit is raised by env so the forms'
// work is measured, not their 429s. Figures: docs/benchmarks.md.
//
//   npm run resilience:load [-- --pglite]
//
// Settings: PORT (3442), BUILD_DIR (dist), PG_ADMIN_URL, LOAD_CONNECTIONS (100),
// LOAD_SECONDS (60). --pglite runs on the embedded database instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  createScratchDatabase,
  productionEnv,
  requireBuild,
  startServer,
  stopServer,
  type RunningServer,
} from './resilience-lib';

requireBuild();
const port = Number(process.env.PORT ?? 3442);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 100);
const duration = Number(process.env.LOAD_SECONDS ?? 60);
const onPglite = process.argv.includes('--pglite');
const base = `http://127.0.0.1:${port}`;

const pages = ['/', '/donate', '/join', '/videos', '/contact'];
const json = { 'content-type': 'application/json' };
let n = 0;
/** A fresh address per form post, as many visitors would send. */
const visitor = () => `load.${process.pid}.${(n += 1)}@example.org`;
const requests: autocannon.Request[] = [
  ...pages.map((path) => ({ method: 'GET' as const, path })),
  {
    method: 'POST',
    path: '/api/contact',
    headers: json,
    setupRequest: (req) => ({
      ...req,
      body: JSON.stringify({ name: 'Load Test', email: visitor(), message: 'Please pray.' }),
    }),
  },
  {
    method: 'POST',
    path: '/api/newsletter',
    headers: json,
    setupRequest: (req) => ({ ...req, body: JSON.stringify({ email: visitor() }) }),
  },
  {
    method: 'POST',
    path: '/api/membership-applications',
    headers: json,
    setupRequest: (req) => ({
      ...req,
      body: JSON.stringify({
        firstName: 'Load',
        lastName: 'Applicant',
        email: visitor(),
        phone: '+1 (845) 555-0100',
        membershipTier: 'beacon',
        prayerIntentions: '',
        message: '',
      }),
    }),
  },
  { method: 'GET', path: '/healthz' },
];

const database = onPglite ? undefined : await createScratchDatabase('tziyun_load');
const dataDir = mkdtempSync(join(tmpdir(), 'tziyun-load-'));
let server: RunningServer | undefined;
let exitCode = 0;
try {
  server = await startServer({
    ...productionEnv(port, dataDir),
    ...(database ? { DATABASE_URL: database.url } : {}),
    FORM_RATE_LIMIT: '100000000',
  });
  for (const path of pages) {
    const status = (await fetch(`${base}${path}`)).status;
    if (status !== 200) throw new Error(`GET ${path} answered ${status} before the run`);
  }

  const result = await autocannon({
    url: base,
    connections,
    duration,
    timeout: 30,
    requests,
  });
  const byStatus = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat?.count ?? 0]),
  );
  const fiveHundreds = Object.entries(byStatus)
    .filter(([code]) => code.startsWith('5'))
    .reduce((sum, [, count]) => sum + count, 0);
  const summary = {
    database: database ? 'postgres' : 'pglite',
    connections,
    seconds: duration,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    latencyMs: {
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    byStatus,
    fiveHundreds,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  if (database) {
    const jobs = await database.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from jobs group by status order by status',
    );
    const [forms] = await database.query<{ contact: number; members: number; news: number }>(
      `select (select count(*)::int from contact_messages) as contact,
              (select count(*)::int from membership_applications) as members,
              (select count(*)::int from newsletter_subscribers) as news`,
    );
    // The outbox falls behind under load: how long it takes to catch up once the load stops.
    const drainStart = Date.now();
    let open = Infinity;
    while (open > 0 && Date.now() - drainStart < 300_000) {
      const [row] = await database.query<{ n: number }>(
        `select count(*)::int as n from jobs where status in ('pending', 'running')`,
      );
      open = row!.n;
      if (open > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    Object.assign(summary, {
      stored: forms,
      jobsAtEnd: Object.fromEntries(jobs.map((r) => [r.status, r.n])),
      outboxCaughtUpMs: open === 0 ? Date.now() - drainStart : null,
    });
  }
  console.log(JSON.stringify(summary, null, 2));
  const non2xx = result.non2xx;
  if (fiveHundreds > 0 || result.errors > 0 || result.timeouts > 0 || non2xx > 0) {
    console.error(
      `FAIL: ${fiveHundreds} 5xx, ${non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
    exitCode = 1;
  } else {
    console.log(`PASS: ${result.requests.total} requests, not one 5xx, error or timeout`);
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  if (server) await stopServer(server);
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
