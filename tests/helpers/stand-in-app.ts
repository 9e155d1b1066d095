import { afterAll, beforeAll } from 'vitest';
import { signIn, type AdminSession } from './admin';
import type { TestApp } from './app';

/**
 * A test file's stand-in for an outside service and an app that uses it, started before the
 * file's tests and closed after them (the app first), and an admin signed in to the app when
 * `admin` gives the account's options. Read `app`, `standIn` and `admin` inside tests (they
 * exist once `beforeAll` has run); `kit` names the caller in the error of a read made too early.
 */
export function setUpStandInApp<StandIn extends { close(): Promise<unknown> }>({
  kit,
  start,
  build,
  admin: adminOptions,
}: {
  kit: string;
  start: () => Promise<StandIn>;
  build: (standIn: StandIn) => Promise<TestApp>;
  admin?: Parameters<typeof signIn>[1];
}) {
  let standIn: StandIn | undefined;
  let app: TestApp | undefined;
  let admin: AdminSession | undefined;
  beforeAll(async () => {
    standIn = await start();
    app = await build(standIn);
    if (adminOptions) admin = await signIn(app, adminOptions);
  });
  afterAll(async () => {
    await app?.close();
    await standIn?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error(`${kit}: read app, standIn and admin inside tests`);
    return value;
  };
  return {
    get app() {
      return started(app);
    },
    get standIn() {
      return started(standIn);
    },
    get admin() {
      return started(admin);
    },
  };
}
