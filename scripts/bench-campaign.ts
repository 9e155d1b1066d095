/**
 * `npm run bench:campaign`: the campaign's live feed under a crowd (ADR 056). One built server
 * (scripts/bench-site.ts) on a fresh PostgreSQL database this bench creates on PG_ADMIN_URL's
 * server (or the local one) and drops after; one published campaign. For each crowd size, that
 * many viewers hold `GET /api/campaigns/:slug/events` open (raw sockets, one each, no
 * EventSource objects) while gifts go through the real checkout path at a steady rate:
 * `POST /api/create-payment-intent` against the Stripe stand-in, the intent paid there, and its
 * `payment_intent.succeeded` webhook signed and delivered to the server.
 *
 * Measured, per crowd: for each gift, the time from its webhook's answer (the gift recorded) to
 * the first event each viewer receives whose wall holds it (0 when it came before the answer), and of those the 99th percentile over viewers (a
 * viewer that never got it counts as never); the donation start's p99 (the create-payment-intent
 * call) against its p99 with no crowd; the server's largest RSS.
 *
 *   npm run bench:campaign
 *   npm run bench:campaign -- --viewers 1000,5000,10000 --seconds 20 --rate 10
 */
import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Stripe from 'stripe';
import { startStripeStandIn } from '~tests/helpers/stripe-stand-in';
import { cpuMicros, log, machine, markdownTable, printMachine, startSite } from './bench-site';
import { createScratchDatabase } from './resilience-lib';

const { values: args } = parseArgs({
  options: {
    viewers: { type: 'string', default: '1000,5000,10000' },
    /** Seconds of gifts per crowd (and for the idle baseline). */
    seconds: { type: 'string', default: '20' },
    /** Gifts a second. */
    rate: { type: 'string', default: '10' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3425' },
    /** Internal: run as the crowd of this many viewers (startCrowd). */
    crowd: { type: 'string' },
  },
});

const SECRET_KEY = 'sk_test_bench_standin';
const WEBHOOK_SECRET = 'whsec_bench_standin';
const SLUG = 'bench-day';
const crowds = args.viewers.split(',').map(Number);
const seconds = Number(args.seconds);
const rate = Number(args.rate);
const port = Number(args.port);

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : NaN;
};

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
let site: Awaited<ReturnType<typeof startSite>>;

async function setUp() {
  scratch = await createScratchDatabase('tziyun_bench_campaign', process.env.PG_ADMIN_URL);
  stripe = await startStripeStandIn({ secretKey: SECRET_KEY });
  site = await startSite(port, {
    DATABASE_URL: scratch.url,
    APP_SECRET: randomBytes(32).toString('base64'),
    STRIPE_API_BASE: stripe.url,
    DONATION_RATE_LIMIT: '1000000',
    DONATION_GLOBAL_RATE_LIMIT: '1000000',
    DONATION_NETWORK_RATE_LIMIT: '1000000',
    CAMPAIGN_STREAMS_MAX: String(Math.max(...crowds) + 100),
  });
}

async function cleanUp() {
  await site.close();
  await stripe.close();
  await scratch.drop();
}

/** One published campaign, live for a day, without a Shabbat pause (the bench may meet one). */
async function seedCampaign() {
  const now = Date.now();
  const [row] = await scratch.query<{ id: string }>(
    `insert into campaigns (slug, title, goal_cents, starts_at, ends_at, pause_for_shabbat, status)
     values ($1, 'Bench day', 100000000, $2, $3, false, 'published') returning id`,
    [SLUG, new Date(now - 3_600_000), new Date(now + 24 * 3_600_000)],
  );
  await scratch.query(
    `insert into campaign_matchers (campaign_id, position, name, ratio_hundredths, cap_cents)
     values ($1, 0, 'Bench matcher', 100, 50000000)`,
    [row!.id],
  );
}

let giftNumber = 0;

/** One gift through the checkout: its start's latency, and when its webhook was sent. */
async function gift() {
  const name = `Bench Donor ${++giftNumber}`;
  const started = performance.now();
  const res = await fetch(`${site.url}/api/create-payment-intent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      amount: 18,
      name,
      email: `donor${giftNumber}@example.com`,
      campaign: SLUG,
      wall: 'full',
    }),
  });
  const startMs = performance.now() - started;
  if (!res.ok) throw new Error(`the donation start answered ${res.status}: ${await res.text()}`);
  const { clientSecret } = (await res.json()) as { clientSecret: string };
  const intent = stripe.intentOfClientSecret(clientSecret);
  const payload = JSON.stringify(stripe.event('payment_intent.succeeded', stripe.pay(intent.id)));
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const sentAt = performance.now();
  const hook = await fetch(`${site.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  if (!hook.ok) throw new Error(`the webhook answered ${hook.status}: ${await hook.text()}`);
  const recordedAt = performance.timeOrigin + performance.now();
  return { name, startMs, recordedAt, recordedMs: recordedAt - performance.timeOrigin - sentAt };
}

/** Gifts at `rate` a second for `seconds`, each in flight on its own; failures counted. */
async function giftsFor(seconds: number) {
  const gifts: Awaited<ReturnType<typeof gift>>[] = [];
  const failures: string[] = [];
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < seconds * rate; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(
      gift().then(
        (g) => void gifts.push(g),
        (error: Error) => void failures.push(error.message.slice(0, 60)),
      ),
    );
  }
  await Promise.all(inFlight);
  if (failures.length > 0) log(`${failures.length} gifts failed, e.g. ${failures[0]}`);
  return Object.assign(gifts, { failed: failures.length });
}

/** One full reader: which gifts each event id's wall holds. */
async function openObserver() {
  const wallOf = new Map<string, Set<string>>();
  const res = await fetch(`${site.url}/api/campaigns/${SLUG}/events`);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let at: number;
      while ((at = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const id = /^id: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (!id || !data) continue;
        const snapshot = JSON.parse(data) as { wall: { name: string }[] };
        wallOf.set(id, new Set(snapshot.wall.map((entry) => entry.name)));
      }
    }
  })().catch(() => undefined);
  return {
    wallOf,
    stop() {
      stopped = true;
      void reader.cancel().catch(() => undefined);
    },
  };
}

/**
 * A viewer: a raw socket holding the stream. It notes when each event id arrives; only the
 * first chunk of an event carries its `id:` line, so it is found without parsing the JSON.
 */
interface Viewer {
  socket: Socket;
  arrivals: Map<string, number>;
  ok: boolean;
}

const ID = Buffer.from('\nid: ');

function openViewer(): Promise<Viewer> {
  return new Promise((resolve) => {
    const viewer: Viewer = { socket: undefined!, arrivals: new Map(), ok: false };
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.write(
        `GET /api/campaigns/${SLUG}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`,
      );
    });
    viewer.socket = socket;
    let first = true;
    socket.on('data', (chunk: Buffer) => {
      const now = performance.timeOrigin + performance.now();
      if (first) {
        first = false;
        viewer.ok = chunk.subarray(0, 12).toString() === 'HTTP/1.1 200';
        resolve(viewer);
      }
      // Chunked encoding puts a size line before each write: an event starts after "\n".
      let at = chunk.indexOf(ID);
      while (at >= 0) {
        const end = chunk.indexOf(10, at + ID.length);
        if (end < 0) break;
        const id = chunk.subarray(at + ID.length, end).toString();
        if (!viewer.arrivals.has(id)) viewer.arrivals.set(id, now);
        at = chunk.indexOf(ID, end);
      }
    });
    socket.on('error', () => resolve(viewer));
    socket.on('close', () => resolve(viewer));
  });
}

async function openCrowd(size: number) {
  const viewers: Viewer[] = [];
  // In steps, as a crowd arrives: a burst of thousands of connects at once is a SYN flood.
  for (let i = 0; i < size; i += 250) {
    viewers.push(
      ...(await Promise.all(Array.from({ length: Math.min(250, size - i) }, openViewer))),
    );
  }
  return viewers;
}

/**
 * The crowd runs in a process of its own (`--crowd N`): reading ten thousand streams keeps an
 * event loop busy, and the Stripe stand-in the server calls lives in this bench's process.
 * It says `ready` with how many streams opened, and on `report` sends each viewer's arrivals.
 */
if (args.crowd) {
  const viewers = await openCrowd(Number(args.crowd));
  process.send!({ ready: viewers.filter((v) => v.ok).length });
  process.on('message', () => {
    const arrivals = viewers.map((v) => [...v.arrivals]);
    for (const v of viewers) v.socket.destroy();
    process.send!({ arrivals }, () => process.exit(0));
  });
} else {
  await main();
}

/** A crowd of `size` viewers in its own process. */
async function startCrowd(size: number) {
  const child = fork(
    fileURLToPath(import.meta.url),
    ['--crowd', String(size), '--port', String(port)],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const streaming = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { ready: number }).ready));
    child.once('exit', (code) => reject(new Error(`the crowd exited (${code})`)));
  });
  return {
    streaming,
    /** Each viewer's event ids and when they arrived (ms since the epoch); ends the crowd. */
    report: () =>
      new Promise<Map<string, number>[]>((resolve) => {
        child.once('message', (m) =>
          resolve((m as { arrivals: [string, number][][] }).arrivals.map((a) => new Map(a))),
        );
        child.send('report');
      }),
  };
}

async function main() {
  await setUp();
  try {
    await seedCampaign();
    printMachine(machine({ database: 'PostgreSQL (fresh database)' }));

    log(`idle: ${seconds} s of gifts at ${rate} a second, no viewers`);
    const idleCpuFrom = cpuMicros(site.pid);
    const idleFrom = performance.now();
    const idle = await giftsFor(seconds);
    const idleCpu = (cpuMicros(site.pid) - idleCpuFrom) / 10 / (performance.now() - idleFrom);
    const idleP99 = percentile(
      idle.map((g) => g.startMs),
      99,
    );
    log(`idle donation start p99 ${idleP99.toFixed(0)} ms, ${idle.failed} gifts failed`);

    const rows: string[][] = [];
    for (const size of crowds) {
      log(`${size} viewers: connecting`);
      const observer = await openObserver();
      const crowd = await startCrowd(size);
      const refused = size - crowd.streaming;
      let rss = rssMb(site.pid);
      const sampler = setInterval(() => (rss = Math.max(rss, rssMb(site.pid))), 500);
      await sleep(1_000);
      log(`${size} viewers: ${size - refused} streaming; ${seconds} s of gifts`);
      const cpuFrom = cpuMicros(site.pid);
      const from = performance.now();
      const gifts = await giftsFor(seconds);
      const cpu = (cpuMicros(site.pid) - cpuFrom) / 10 / (performance.now() - from);
      // The last gifts' events, coalesced, are on their way.
      await sleep(3_000);
      clearInterval(sampler);
      observer.stop();
      const viewers = await crowd.report();

      // For each gift: the first event id whose wall holds it; then, per viewer, when that came.
      const ids = [...observer.wallOf.keys()];
      const perGift = gifts.map((g) => {
        const carrying = ids.filter((id) => observer.wallOf.get(id)!.has(g.name));
        const delays = viewers.map((v) => {
          const times = carrying.map((id) => v.get(id)).filter((t) => t !== undefined);
          return times.length > 0 ? Math.max(0, Math.min(...times) - g.recordedAt) : Infinity;
        });
        return percentile(delays, 99);
      });
      const within2s = perGift.filter((ms) => ms <= 2_000).length;
      const loadP99 = percentile(
        gifts.map((g) => g.startMs),
        99,
      );
      rows.push([
        String(size),
        String(size - refused),
        `${within2s} / ${gifts.length + gifts.failed}`,
        `${percentile(perGift, 50).toFixed(0)} ms`,
        `${Math.max(...perGift).toFixed(0)} ms`,
        `${percentile(
          gifts.map((g) => g.recordedMs),
          99,
        ).toFixed(0)} ms`,
        `${loadP99.toFixed(0)} ms (${(loadP99 / idleP99).toFixed(2)}×)`,
        `${rss.toFixed(0)} MB`,
        `${cpu.toFixed(0)} %`,
      ]);
      log(rows.at(-1)!.join(' | '));
      await sleep(2_000);
    }
    console.log(
      `\nDonation start p99 idle: ${idleP99.toFixed(0)} ms (${rate} gifts a second, ${idle.failed} failed; server CPU ${idleCpu.toFixed(0)} % of one core)\n`,
    );
    console.log(
      markdownTable(
        [
          'viewers',
          'streaming',
          'gifts at p99 of viewers ≤ 2 s',
          'p99 delay, median gift',
          'p99 delay, worst gift',
          'webhook p99',
          'donation start p99 (vs idle)',
          'server RSS, max',
          'server CPU (of one core)',
        ],
        rows,
      ),
    );
  } finally {
    await cleanUp();
  }
}
