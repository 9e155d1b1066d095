/**
 * `npm run bench:wire`: what an answer's size and its headers cost on this machine, with no
 * framework and no site: plain `node:http` answering the same bytes to every request, under
 * autocannon (10 connections, keep-alive, 127.0.0.1), as `bench:load` loads the site. Each shape
 * runs in its own process: a warm-up, then three rounds, the median one shown, with that
 * process's CPU time per answer (user and system, from /proc).
 *
 * It tells how far a page's own bytes and the security headers every answer carries put it below
 * a 31-byte bare route, whatever the server does: about the ceiling of `bench:load`'s site/bare for answers of that
 * shape.
 *
 *   npm run bench:wire
 *   npm run bench:wire -- --duration 10
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuMicros, log, machine, markdownTable, printMachine, startChild } from './bench-site';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3451' },
    /** Internal: serve one shape, `bytes:headers`. */
    serve: { type: 'string' },
  },
});

/**
 * Sizes of the answers `bench:load` measures: a bare route's fixed string, a small JSON read
 * (`/api/videos` compressed), the pages (5 to 9 KB compressed) and the sizes between; with no
 * header of their own, and with twenty of 50 characters (about the kilobyte of security and cache
 * headers a page carries).
 */
const shapes = [
  { bytes: 31, headers: 0 },
  { bytes: 1_000, headers: 0 },
  { bytes: 2_000, headers: 0 },
  { bytes: 4_000, headers: 0 },
  { bytes: 5_000, headers: 0 },
  { bytes: 6_000, headers: 0 },
  { bytes: 9_000, headers: 0 },
  { bytes: 31, headers: 20 },
  { bytes: 6_000, headers: 20 },
  { bytes: 9_000, headers: 20 },
];

function serve(shape: string, port: number) {
  const [bytes, headerCount] = shape.split(':').map(Number) as [number, number];
  const body = randomBytes(bytes);
  const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
  for (let n = 0; n < headerCount; n += 1) headers[`x-wire-${n}`] = 'v'.repeat(50);
  createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  }).listen(port, '127.0.0.1', () => console.log('wire ready'));
}

async function measureShape(bytes: number, headers: number, port: number, duration: number) {
  const server = await startChild(
    fileURLToPath(import.meta.url),
    ['--serve', `${bytes}:${headers}`, '--port', String(port)],
    'wire ready',
  );
  try {
    const url = `http://127.0.0.1:${port}/`;
    const connections = Number(args.connections);
    await autocannon({ url, connections, duration: 2 });
    const rounds = [];
    for (let round = 0; round < 3; round += 1) {
      const before = cpuMicros(server.pid);
      const result = await autocannon({ url, connections, duration });
      rounds.push({
        rps: result.requests.average,
        errors: result.errors + result.timeouts + result.non2xx,
        cpuEach: (cpuMicros(server.pid) - before) / Math.max(1, result.requests.total),
      });
    }
    const median = rounds.toSorted((a, b) => a.rps - b.rps)[1]!;
    log(`${bytes} bytes, ${headers} headers: ${Math.round(median.rps)} answers a second`);
    return median;
  } finally {
    await server.close();
  }
}

async function main() {
  const duration = Number(args.duration);
  const port = Number(args.port);
  const rows = [];
  for (const { bytes, headers } of shapes) {
    rows.push({ bytes, headers, ...(await measureShape(bytes, headers, port, duration)) });
  }
  const baseline = rows[0]!.rps;
  console.log(
    `\n## Plain node:http answers, autocannon ${args.connections} connections, 3 rounds of ` +
      `${duration} s (the median shown), 127.0.0.1\n`,
  );
  printMachine(machine());
  console.log(
    `\n${markdownTable(
      ['body bytes', 'headers of 50 chars', 'answers/s', 'of the 31-byte answer', 'CPU µs/answer'],
      rows.map((r) => [
        String(r.bytes),
        String(r.headers),
        String(Math.round(r.rps)),
        (r.rps / baseline).toFixed(3),
        r.cpuEach.toFixed(1),
      ]),
    )}\n`,
  );
  if (rows.some((r) => r.errors > 0)) {
    console.log('Some answers failed.');
    process.exitCode = 1;
  }
}

const run = args.serve ? Promise.resolve(serve(args.serve, Number(args.port))) : main();
run.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
