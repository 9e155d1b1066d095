// `npm run resilience:crash`: the built server on a fresh PostgreSQL database takes a
// burst of writes (contact messages, membership applications, newsletter signups, card gifts
// through the Stripe stand-in), is killed with SIGKILL mid-burst, and is started again. Then
// every write it acknowledged with a 2xx must be in the database, and every job it queued must
// have run (all jobs succeeded, a mail in DATA_DIR/outbox for each acknowledged visitor).
// The database and the data directory are removed after. Figures: docs/benchmarks.md.
//
//   npm run resilience:crash
//
// A job running when the process dies keeps its lease until the heartbeats stop renewing it:
// 30 s at most (src/server/jobs/README.md, ADR 024). The script waits that out for real and
// fails unless every job, those of the killed process too, has run within a minute of the
// restart. Settings: PORT (3441), BUILD_DIR (dist), PG_ADMIN_URL, CRASH_CONCURRENCY (16),
// CRASH_AFTER_ACKS (150).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStripeStandIn } from '~tests/helpers/stripe-stand-in';
import {
  createScratchDatabase,
  productionEnv,
  requireBuild,
  startServer,
  stopServer,
  type RunningServer,
} from './resilience-lib';

requireBuild();
const port = Number(process.env.PORT ?? 3441);
const concurrency = Number(process.env.CRASH_CONCURRENCY ?? 16);
const killAfterAcks = Number(process.env.CRASH_AFTER_ACKS ?? 150);
const base = `http://127.0.0.1:${port}`;

type Kind = 'contact' | 'membership' | 'newsletter' | 'donation';
const kinds: Kind[] = ['contact', 'membership', 'newsletter', 'donation'];
interface Write {
  kind: Kind;
  email: string;
  /** The PaymentIntent of a gift. */
  pi?: string;
}

const stripe = await startStripeStandIn({ secretKey: 'sk_test_resilience_standin' });
const database = await createScratchDatabase('tziyun_crash');
const dataDir = mkdtempSync(join(tmpdir(), 'tziyun-crash-'));
const env = {
  ...productionEnv(port, dataDir),
  DATABASE_URL: database.url,
  FORM_RATE_LIMIT: '1000000',
  DONATION_RATE_LIMIT: '1000000',
  DONATION_GLOBAL_RATE_LIMIT: '1000000',
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_resilience_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_resilience_standin',
  STRIPE_API_BASE: stripe.url,
};

async function postJson(path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}

/** One write of `kind`; resolves when it was acknowledged (2xx), throws otherwise. */
async function write(kind: Kind, n: number): Promise<Write> {
  const email = `crash.${kind}.${n}@example.org`;
  const ok = (status: number) => {
    if (status < 200 || status >= 300) throw new Error(`${kind} answered ${status}`);
  };
  if (kind === 'contact') {
    ok(
      (await postJson('/api/contact', { name: 'Crash Test', email, message: 'Please pray.' }))
        .status,
    );
  } else if (kind === 'membership') {
    const res = await postJson('/api/membership-applications', {
      firstName: 'Crash',
      lastName: `Applicant${n}`,
      email,
      phone: '+1 (845) 555-0100',
      membershipTier: 'beacon',
      prayerIntentions: '',
      message: '',
    });
    ok(res.status);
  } else if (kind === 'newsletter') {
    ok((await postJson('/api/newsletter', { email })).status);
  } else {
    const setUp = await postJson('/api/create-payment-intent', { amount: 18 });
    ok(setUp.status);
    const pi = stripe.intentOfClientSecret((setUp.body as { clientSecret: string }).clientSecret);
    stripe.pay(pi.id);
    const recorded = await postJson('/api/record-donation', {
      name: 'Crash Donor',
      email,
      amount: 1800,
      donationType: 'onetime',
      stripePaymentId: pi.id,
    });
    ok(recorded.status);
    return { kind, email, pi: pi.id };
  }
  return { kind, email };
}

const acknowledged: Write[] = [];
let failedOrCut = 0;
let server: RunningServer | undefined;
let exitCode = 0;
const report: Record<string, unknown> = {};

try {
  server = await startServer(env);
  let n = 0;
  let killed = false;
  const started = Date.now();
  let killedAt = 0;
  const burst = Array.from({ length: concurrency }, async () => {
    while (!killed) {
      const i = n++;
      try {
        acknowledged.push(await write(kinds[i % kinds.length]!, i));
      } catch {
        failedOrCut += 1;
      }
      if (!killed && acknowledged.length >= killAfterAcks) {
        killed = true;
        killedAt = Date.now();
        server!.child.kill('SIGKILL');
      }
    }
  });
  await Promise.all(burst);
  console.log(
    `burst: ${n} writes started, ${acknowledged.length} acknowledged, ${failedOrCut} refused or cut off; SIGKILL after ${killedAt - started} ms`,
  );
  console.log(`the server ended with ${await server.exited}`);

  const atKill = await database.query<{ status: string; n: number }>(
    'select status, count(*)::int as n from jobs group by status order by status',
  );
  console.log(
    `jobs at the kill: ${JSON.stringify(Object.fromEntries(atKill.map((r) => [r.status, r.n])))}`,
  );
  const orphanIds = (
    await database.query<{ id: number }>(`select id from jobs where status = 'running'`)
  ).map((r) => r.id);
  const orphaned = orphanIds.length;

  const restartAt = Date.now();
  server = await startServer(env);
  const restartMs = Date.now() - restartAt;
  console.log(`restarted and healthy in ${restartMs} ms`);

  const drainStart = Date.now();
  const drainLimit = 120_000;
  let open = Infinity;
  while (open > 0 && Date.now() - drainStart < drainLimit) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const [row] = await database.query<{ n: number }>(
      `select count(*)::int as n from jobs where status in ('pending', 'running')`,
    );
    open = row!.n;
  }
  const drainMs = Date.now() - drainStart;
  const jobStates = Object.fromEntries(
    (
      await database.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from jobs group by status order by status',
      )
    ).map((r) => [r.status, r.n]),
  );
  console.log(`jobs after the restart (${drainMs} ms): ${JSON.stringify(jobStates)}`);
  // When the killed process's own jobs ran, counted from the restart (the slowest of them).
  const [orphanDone] = await database.query<{ at: number | null }>(
    `select (extract(epoch from max(finished_at)) * 1000)::float8 as at from jobs where id = any($1::int[])`,
    [orphanIds],
  );
  const orphansDoneMs = orphanDone?.at == null ? null : Math.round(orphanDone.at - restartAt);

  await stopServer(server);
  server = undefined;

  // Every acknowledged write is stored.
  const stored = async (w: Write) => {
    const [table, where, value] =
      w.kind === 'contact'
        ? ['contact_messages', 'email', w.email]
        : w.kind === 'membership'
          ? ['membership_applications', 'email', w.email]
          : w.kind === 'newsletter'
            ? ['newsletter_subscribers', 'email', w.email]
            : ['donations', `payment_status = 'succeeded' and stripe_payment_intent_id`, w.pi];
    const rows = await database.query<{ n: number }>(
      `select count(*)::int as n from ${table} where ${where} = $1`,
      [value],
    );
    return rows[0]!.n;
  };
  const missing: Write[] = [];
  for (const w of acknowledged) if ((await stored(w)) !== 1) missing.push(w);

  // Every acknowledged visitor got their mail (written to DATA_DIR/outbox).
  const outbox = join(dataDir, 'outbox');
  const mailsTo = new Map<string, number>();
  for (const file of readdirSync(outbox)) {
    const to = /^To: (.+)$/m.exec(readFileSync(join(outbox, file), 'utf8'))?.[1]?.trim() ?? '';
    mailsTo.set(to, (mailsTo.get(to) ?? 0) + 1);
  }
  const unmailed = acknowledged.filter((w) => !mailsTo.has(w.email));
  const mailedTwice = [...mailsTo].filter(([to, count]) => to.startsWith('crash.') && count > 1);
  const [mailJobs] = await database.query<{ n: number }>(
    `select count(*)::int as n from jobs where kind = 'mail.send'`,
  );

  Object.assign(report, {
    acknowledged: acknowledged.length,
    byKind: Object.fromEntries(
      kinds.map((k) => [k, acknowledged.filter((w) => w.kind === k).length]),
    ),
    refusedOrCut: failedOrCut,
    jobsRunningAtKill: orphaned,
    restartMs,
    drainMs,
    killedProcessJobsDoneAfterRestartMs: orphansDoneMs,
    jobs: jobStates,
    mailJobs: mailJobs!.n,
    outboxFiles: [...mailsTo.values()].reduce((a, b) => a + b, 0),
    missingWrites: missing.length,
    unmailedVisitors: unmailed.length,
    visitorsMailedTwice: mailedTwice.length,
  });
  console.log(JSON.stringify(report, null, 2));
  const notSucceeded = Object.entries(jobStates).filter(([s]) => s !== 'succeeded');
  if (missing.length > 0 || unmailed.length > 0 || notSucceeded.length > 0) {
    console.error('FAIL: acknowledged writes lost or jobs not run', { missing, unmailed });
    exitCode = 1;
  } else if ((orphansDoneMs ?? 0) > 60_000) {
    console.error(
      `FAIL: the killed process's jobs ran ${orphansDoneMs} ms after the restart (over a minute)`,
    );
    exitCode = 1;
  } else {
    console.log('PASS: every acknowledged write is stored and every queued job ran');
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  if (server) server.child.kill('SIGKILL');
  await stripe.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
