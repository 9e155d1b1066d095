import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '~/db/client';
import type { Env } from '~/server/env';
import { buildTestApp, type TestApp } from './app';
import { createTestDatabase, secondConnection } from './database';

/**
 * Two app instances on one fresh database and nothing else in common, as two servers behind a
 * load balancer (on PostgreSQL each with its own pool; PGlite's one connection is shared), built
 * before the file's tests and closed after them, database last. `env` is read in `beforeAll`, so
 * it may name a stand-in started there. Read `a` and `b` inside tests.
 */
export function setUpTwoInstances(env: () => Partial<Record<keyof Env, string>> = () => ({})) {
  let primary: (DatabaseHandle & { url?: string }) | undefined;
  let second: DatabaseHandle | undefined;
  const instances = {} as { a: TestApp; b: TestApp };
  beforeAll(async () => {
    primary = await createTestDatabase();
    second = await secondConnection(primary);
    instances.a = await buildTestApp(env(), undefined, { database: primary });
    instances.b = await buildTestApp(env(), undefined, { database: second });
  }, 60_000);
  afterAll(async () => {
    await instances.a?.close();
    await instances.b?.close();
    if (second !== primary) await second?.close();
    await primary?.close();
  });
  return instances;
}
