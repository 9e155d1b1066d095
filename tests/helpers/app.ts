import { join } from 'node:path';
import { buildApp, loggerOptions, type App } from '~/server/app';
import type { DatabaseHandle } from '~/db/client';
import { parseEnv, type Env } from '~/server/env';
import { createTestDatabase } from './database';
import { createMemoryMailer } from './mail';

/** The APP_SECRET of test apps unless a test gives another. A test value, never a real secret. */
export const TEST_APP_SECRET = 'test-only-app-secret-never-use-in-production';

/**
 * The app on a fresh database, with no client build and no logs. Close it after the file.
 * Given `database`, the app runs on it instead (a second instance on one database) and leaves it
 * open when it closes.
 */
export async function buildTestApp(
  overrides: Partial<Record<keyof Env, string>> = {},
  /** Runs before the app is ready: the place to add test-only routes. */
  beforeReady?: (app: App) => void,
  {
    database: shared,
    siteConfig,
    logLines,
  }: {
    database?: DatabaseHandle;
    /** Other settings of site.config.ts. */ siteConfig?: unknown;
    /** Where the app's log lines (JSON, from `info` up) go; no logs without it. */
    logLines?: string[];
  } = {},
) {
  // The outbox runs on a clock the test moves: `advance(ms)`.
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const env = parseEnv({
    NODE_ENV: 'test',
    // Not a secret: a fixed test value, so two test instances on one database sign alike.
    APP_SECRET: TEST_APP_SECRET,
    PUBLIC_URL: 'https://tziyun.test',
    FORM_RATE_LIMIT: '1000',
    ...overrides,
  });
  const database = shared ?? (await createTestDatabase());
  // Mail is captured unless a test points SMTP_URL at a real server.
  const mailer = env.SMTP_URL ? undefined : createMemoryMailer();
  const app = await buildApp({
    env,
    database,
    mailer,
    jobClock: clock,
    siteConfig,
    logger: logLines
      ? loggerOptions('info', { write: (line: string) => void logLines.push(line) })
      : false,
    clientDir: join(import.meta.dirname, '..', 'no-client-build'),
  });
  if (!shared) app.addHook('onClose', () => database.close());
  beforeReady?.(app);
  await app.ready();
  return Object.assign(app, {
    sentMail: mailer?.sent ?? [],
    mailFailNext: (n: number) => mailer?.failNext(n),
    advanceClock: (ms: number) => {
      offsetMs += ms;
    },
  });
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
