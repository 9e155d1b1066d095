/**
 * `npm run bench:load`: the server under load (autocannon, 127.0.0.1, keep-alive) on the built
 * site served by its real server (scripts/bench-site.ts): the server-rendered home page,
 * `GET /api/videos` and `POST /api/contact` (each a stored message, a queued mail and the .eml
 * the mail worker writes). Each is measured beside a bare Fastify route answering a fixed string
 * (the same method and body) in its own process, so the ratio says what the site costs over
 * Fastify itself on this machine. FORM_RATE_LIMIT is raised for the run.
 *
 *   npm run bench:load
 *   npm run bench:load -- --duration 5 --connections 20
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { log, machine, markdownTable, printMachine, startSite } from './bench-site';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3401' },
    'bare-server': { type: 'string' },
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
  { name: 'home page (SSR)', method: 'GET', path: '/' },
  { name: 'GET /api/videos', method: 'GET', path: '/api/videos' },
  { name: 'POST /api/contact', method: 'POST', path: '/api/contact', body: contactBody },
];

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
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
    requests: result.requests.total,
  } satisfies Measured;
}

async function main() {
  const duration = Number(args.duration);
  const port = Number(args.port);
  const site = await startSite(port, { FORM_RATE_LIMIT: '100000000' });
  const bare = await startBare(port + 1);
  const rows: { target: Target; site: Measured; bare: Measured }[] = [];
  try {
    for (const target of targets) {
      // A short warm-up of each (JIT, caches), then the bare route and the site back to back.
      await measure(bare.url, { method: target.method, path: '/', body: target.body }, 2);
      await measure(site.url, target, 2);
      const bareRun = await measure(
        bare.url,
        { method: target.method, path: '/', body: target.body },
        duration,
      );
      const siteRun = await measure(site.url, target, duration);
      log(`${target.name}: ${Math.round(siteRun.rps)} req/s (bare ${Math.round(bareRun.rps)})`);
      rows.push({ target, site: siteRun, bare: bareRun });
    }
  } finally {
    await bare.close();
    await site.close();
  }

  console.log(
    `\n## Load: autocannon, ${args.connections} connections, ${duration} s each, 127.0.0.1\n`,
  );
  printMachine(machine());
  const ms = (n: number) => String(n);
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
      rows.map(({ target, site: s, bare: b }) => [
        target.name,
        String(Math.round(s.rps)),
        ms(s.p50),
        ms(s.p99),
        String(s.errors),
        String(s.non2xx),
        String(Math.round(b.rps)),
        ms(b.p50),
        ms(b.p99),
        (s.rps / b.rps).toFixed(2),
      ]),
    )}\n`,
  );
  const failures = rows.filter(({ site: s, bare: b }) => s.errors + s.non2xx + b.errors + b.non2xx);
  console.log(
    failures.length
      ? `Errors or non-2xx answers on: ${failures.map((f) => f.target.name).join(', ')}`
      : 'No errors and no non-2xx answers.',
  );
  if (failures.length) process.exitCode = 1;
}

const run = args['bare-server'] ? serveBare(Number(args['bare-server'])) : main();
run.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
