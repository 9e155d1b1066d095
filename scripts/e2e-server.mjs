// The server the browser tests run against: the built app on a fresh, throwaway data directory,
// with two administrators (an owner and a plain admin) and one dead background job in place.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dataDir = mkdtempSync(join(tmpdir(), 'tziyun-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV ??= 'test';
process.env.HOST ??= '127.0.0.1';
process.env.PUBLIC_URL ??= `http://127.0.0.1:${process.env.PORT ?? 3210}`;
process.env.FORM_RATE_LIMIT ??= '10000';
process.env.LOG_LEVEL ??= 'warn';
// e2e/admin-integrations.spec.ts points the Zapier webhook at a receiver on 127.0.0.1.
process.env.WEBHOOK_ALLOW_LOOPBACK ??= 'true';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const root = new URL('..', import.meta.url).pathname;

// Where this server keeps its data, for browser tests that read the mail it writes
// (DATA_DIR/outbox/*.eml): e2e/support/mail.ts.
const serverInfo = join(root, '.tmp', `e2e-server-${process.env.PORT ?? 3210}.json`);
mkdirSync(dirname(serverInfo), { recursive: true });
writeFileSync(serverInfo, JSON.stringify({ dataDir }));
process.on('exit', () => rmSync(serverInfo, { force: true }));

/** Runs a step before the server starts; a failure stops everything with the step's output. */
function run(description, args, env = {}) {
  const result = spawnSync('npx', ['tsx', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(
      `e2e server: ${description} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`,
    );
    process.exit(1);
  }
}

// The accounts e2e/admin.spec.ts signs in with (the password is its E2E_ADMIN_PASSWORD too).
const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'e2e correct horse battery staple';
for (const [username, role] of [
  ['e2e-owner', 'owner'],
  ['e2e-admin', 'admin'],
]) {
  run(
    `creating the ${role} ${username}`,
    ['src/server/cli/admin.ts', 'create', '--username', username, '--role', role],
    { ADMIN_PASSWORD: adminPassword },
  );
}

/**
 * Runs `body` with tsx against the e2e database: `handle` is the database, opened and migrated,
 * and `sql` is drizzle's tag. The seeds write plain SQL or rows, not through the app.
 */
function seed(label, body) {
  run(label, [
    '--eval',
    `(async () => {
  const { sql } = await import('drizzle-orm');
  const { openDatabase } = await import('./src/db/client.ts');
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR,
  });
  await handle.migrate('drizzle');
${body}
  await handle.close();
  })().catch((error) => { console.error(error); process.exit(1); });`,
  ]);
}

// Without SMTP every mail is written to a file and succeeds, so nothing dies on its own: the
// jobs tab's retry needs one dead job to act on. Its payload is a real mail, so a retry succeeds.
seed(
  'seeding a dead job',
  `
  const { jobs } = await import('./src/db/schema/index.ts');
  await handle.db.insert(jobs).values({
    kind: 'mail.send',
    idempotencyKey: 'e2e:dead-mail',
    payload: {
      template: 'contact-notification',
      to: 'office@example.org',
      data: { name: 'Dead Letter', email: 'dead.letter@example.com', message: 'A mail that could not be sent.' },
    },
    status: 'dead',
    attempts: 10,
    maxAttempts: 10,
    lastError: 'connect ECONNREFUSED 127.0.0.1:25 (seeded for the browser tests)',
    finishedAt: new Date(),
  });
`,
);

// The payment providers: a Stripe stand-in on the port after the site's (scripts/
// e2e-payment-stand-ins.ts), which the site's server calls as Stripe's API and the browser tests
// reach through the stand-in Stripe.js (e2e/support/stripe.ts).
const standInPort = Number(process.env.E2E_STANDIN_PORT ?? Number(process.env.PORT ?? 3210) + 1);
Object.assign(process.env, {
  E2E_STANDIN_PORT: String(standInPort),
  STRIPE_SECRET_KEY: 'sk_test_e2e_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e_standin',
  STRIPE_API_BASE: `http://127.0.0.1:${standInPort}`,
  DONATION_RATE_LIMIT: '10000',
  DONATION_GLOBAL_RATE_LIMIT: '10000',
});
const standIns = spawn('npx', ['tsx', 'scripts/e2e-payment-stand-ins.ts'], {
  cwd: root,
  env: { ...process.env, E2E_PARENT_PID: String(process.pid) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
process.on('exit', () => standIns.kill());
const ready = await new Promise((resolve, reject) => {
  let output = '';
  standIns.stdout.on('data', (chunk) => {
    output += String(chunk);
    const line = output.match(/payment stand-ins ready (\{.*\})/);
    if (line) resolve(JSON.parse(line[1]));
  });
  standIns.on('exit', (code) => reject(new Error(`the payment stand-ins exited (${code})`)));
}).catch((error) => {
  console.error(`e2e server: ${error.message}`);
  process.exit(1);
});

// --- Donor records for e2e/admin-donors.spec.ts (the donor dashboard) ------------------
// Thirty-two gifts over the last weeks (more than one page of 25), one dated 15 June 2024 for the
// date filter, one with a formula for the CSV, a card gift with no payment id ('Cannot Verify'),
// one by OJC and one refunded. Written with plain SQL so this block does not follow the schema.
seed(
  'seeding donor records',
  `
  const hour = 3600 * 1000;
  const now = Date.now();
  const rows = [];
  for (let i = 1; i <= 32; i += 1) {
    rows.push(['E2E Donor ' + String(i).padStart(2, '0'), 'donor' + i + '@example.org', 1800 * (1 + (i % 5)),
      i % 3 === 0 ? 'subscription' : 'onetime', 'stripe', 'succeeded', 'pi_e2e_' + i, new Date(now - i * 20 * hour)]);
  }
  rows.push(['Dated Donor', 'dated@example.org', 3600, 'onetime', 'stripe', 'succeeded', 'pi_e2e_dated', new Date('2024-06-15T16:00:00Z')]);
  rows.push(['=SUM(1+1)', 'formula@example.org', 1800, 'onetime', 'stripe', 'succeeded', 'pi_e2e_formula', new Date('2024-06-14T16:00:00Z')]);
  rows.push(['Pending Nopayment', 'nopayment@example.org', 5000, 'onetime', 'stripe', 'pending', null, new Date('2024-06-13T16:00:00Z')]);
  rows.push(['Ojc Giver', 'ojc.giver@example.org', 10000, 'onetime', 'ojc', 'succeeded', null, new Date('2024-06-12T16:00:00Z')]);
  rows.push(['Refunded Giver', 'refunded@example.org', 7200, 'onetime', 'stripe', 'refunded', 'pi_e2e_refunded', new Date('2024-06-11T16:00:00Z')]);
  for (const [name, email, amount, type, method, status, pi, at] of rows) {
    const done = status === 'pending' ? null : at.toISOString();
    await handle.db.execute(sql\`insert into donations (donor_name, email, amount_cents, refunded_cents,
      donation_type, payment_method, payment_status, stripe_payment_intent_id, created_at, updated_at, donated_at)
      values (\${name}, \${email}, \${amount}, \${status === 'refunded' ? amount : 0}, \${type}, \${method},
      \${status}, \${pi}, \${at.toISOString()}::timestamptz, \${at.toISOString()}::timestamptz,
      \${done}::timestamptz)\`);
  }
`,
);
// --- end of the donor records ------------------------------------------------------------------

// An active member for e2e/prayer-list.spec.ts, as if the first payment had arrived:
// asks for the magic link to their names with this email.
seed(
  'seeding an active member',
  `
  const result = await handle.db.execute(sql\`insert into membership_applications
    (first_name, last_name, email, tier, status) values ('Miriam', 'Prayer', 'prayer.member@example.org', 'flame', 'active')
    returning id\`);
  const applicationId = result.rows[0].id;
  await handle.db.execute(sql\`insert into members (application_id, name, email, tier, status,
    monthly_amount_cents, member_since, next_renewal_at) values (\${applicationId}, 'Miriam Prayer',
    'prayer.member@example.org', 'flame', 'active', 36000, now(), now() + interval '1 month')\`);
`,
);

// OJC Fund's stand-in takes the test credentials of tests/helpers/ojc-stand-in.ts.
Object.assign(process.env, {
  OJC_API_BASE: ready.ojcApiBase,
  OJC_USERNAME: 'ojc-standin-user',
  OJC_PASSWORD: 'ojc-standin-password',
  OJC_ORG_ID: 'standin-org-key==',
  OJC_CARD_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
});

await import(pathToFileURL(join(root, process.env.BUILD_DIR ?? 'dist', 'server', 'main.js')).href);
