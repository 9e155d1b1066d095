// The server the browser tests run against: the built app on a fresh, throwaway data directory,
// with two administrators (an owner and a plain admin) and one dead background job in place.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dataDir = mkdtempSync(join(tmpdir(), 'tziyun-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV ??= 'test';
process.env.HOST ??= '127.0.0.1';
process.env.PUBLIC_URL ??= `http://127.0.0.1:${process.env.PORT ?? 3210}`;
process.env.FORM_RATE_LIMIT ??= '10000';
process.env.LOG_LEVEL ??= 'warn';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

const root = new URL('..', import.meta.url).pathname;

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

// Without SMTP every mail is written to a file and succeeds, so nothing dies on its own: the
// jobs tab's retry needs one dead job to act on. Its payload is a real mail, so a retry succeeds.
run('seeding a dead job', [
  '--eval',
  `(async () => {
  const { openDatabase } = await import('./src/db/client.ts');
  const { jobs } = await import('./src/db/schema/index.ts');
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR,
  });
  await handle.migrate('drizzle');
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
  await handle.close();
  })().catch((error) => { console.error(error); process.exit(1); });`,
]);

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
await new Promise((resolve, reject) => {
  standIns.stdout.on('data', (chunk) => {
    if (String(chunk).includes('payment stand-ins ready')) resolve(undefined);
  });
  standIns.on('exit', (code) => reject(new Error(`the payment stand-ins exited (${code})`)));
}).catch((error) => {
  console.error(`e2e server: ${error.message}`);
  process.exit(1);
});

await import(pathToFileURL(join(root, process.env.BUILD_DIR ?? 'dist', 'server', 'main.js')).href);
