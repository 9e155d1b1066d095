import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { quietChromiumFlags } from './scripts/lib/chromium-flags';

/**
 * Browser tests drive Debian's Chromium (Playwright's own browser download cannot work here)
 * against the built app, served on its own port with a fresh embedded database.
 *
 * Debian's headless shell (`apt-get install -y chromium-headless-shell`), when it is there: the
 * same engine without the full browser's user interface, which runs the suite in about two
 * thirds of the time on a 2-core machine (measured: 59 tests in 1.6 min against 2.5 min). Chromium
 * itself otherwise; CHROMIUM_PATH picks another.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');
const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;

const chromiumArgs = [
  ...quietChromiumFlags,
  // No outside host, whatever the machine's network: the tests answer Stripe's and the others'
  // pages themselves (page.route), and a request that slipped past them fails here instead of
  // reaching the real service (the headless shell does not route a redirect's target).
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    // Recording a trace of every test cost 15 to 18% of the run (measured on four specs), and
    // nobody can open one left on a CI machine: in CI a failure tells by its message.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    env: { PORT: String(port) },
  },
});
