import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLoginThrottle } from '~/db/schema';
import { buildTestApp } from '~tests/helpers/app';
import { auditEntries, createAdmin } from '~tests/helpers/admin';
import { delayAfter, loginThrottleRules } from './login-throttle';

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const login = (username: string, password: string, ip = '192.0.2.10', cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password },
    headers: { origin: 'https://tziyun.test', ...(cookie ? { cookie } : {}) },
    remoteAddress: ip,
  });

/** The device cookie a successful sign-in set, as a Cookie header. */
function deviceCookieOf(res: Awaited<ReturnType<typeof login>>) {
  const device = res.cookies.find((c) => c.name === 'tziyun_device');
  expect(device, 'a device cookie').toBeDefined();
  return `tziyun_device=${device!.value}`;
}

/** A spray from many addresses has locked the name for the next minute. */
async function sprayLock(username: string) {
  await app.database.db
    .insert(adminLoginThrottle)
    .values({
      key: `user:${username}`,
      failures: 400,
      firstFailureAt: app.clock(),
      lastFailureAt: app.clock(),
      blockedUntil: new Date(app.clock().getTime() + 60_000),
    })
    .onConflictDoUpdate({
      target: adminLoginThrottle.key,
      set: { failures: 400, blockedUntil: new Date(app.clock().getTime() + 60_000) },
    });
}

const wrong = 'definitely the wrong password';

describe('delayAfter', () => {
  it('is free up to the threshold, then 1 s doubling up to the cap', () => {
    const pair = loginThrottleRules.pair;
    expect([1, 4, 5, 6, 7, 14, 15, 40].map((n) => delayAfter(n, pair))).toEqual([
      0, 0, 1000, 2000, 4000, 512_000, 900_000, 900_000,
    ]);
    expect(delayAfter(19, loginThrottleRules.ip)).toBe(0);
    expect(delayAfter(20, loginThrottleRules.ip)).toBe(1000);
    // A spray across addresses cannot lock the name out for more than a minute at a time.
    expect(delayAfter(49, loginThrottleRules.user)).toBe(0);
    expect(delayAfter(50, loginThrottleRules.user)).toBe(1000);
    expect(delayAfter(500, loginThrottleRules.user)).toBe(60_000);
  });
});

describe('sign-in throttling', () => {
  it('answers 429 with Retry-After after 5 failures of a pair, doubling, and a success clears it', async () => {
    const admin = await createAdmin(app, { username: 'throttled' });
    for (let i = 0; i < 5; i++) expect((await login('throttled', wrong)).statusCode).toBe(401);

    // Even the right password is not checked while the pair waits.
    const blocked = await login('throttled', admin.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(blocked.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Too many sign-in attempts. Please wait 1 seconds and try again.',
      },
    });

    app.advanceClock(1000);
    expect((await login('throttled', wrong)).statusCode).toBe(401);
    const longer = await login('throttled', wrong);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('2');
    // The name is the same whatever its case: the count does not start over.
    expect((await login('THROTTLED', wrong)).statusCode).toBe(429);

    // Another address is not held back by this pair's count.
    expect((await login('throttled', admin.password, '198.51.100.7')).statusCode).toBe(200);

    app.advanceClock(2000);
    expect((await login('throttled', admin.password)).statusCode).toBe(200);
    // The success cleared the pair and the address: five more free tries.
    for (let i = 0; i < 5; i++) expect((await login('throttled', wrong)).statusCode).toBe(401);
    expect((await login('throttled', wrong)).statusCode).toBe(429);
  });

  it('throttles one address trying many names after 20 failures', async () => {
    const ip = '203.0.113.20';
    for (let i = 0; i < 20; i++) {
      expect((await login(`guess-${i}`, wrong, ip)).statusCode).toBe(401);
    }
    const res = await login('guess-new', wrong, ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
    expect((await login('guess-new', wrong, '203.0.113.21')).statusCode).toBe(401);
  });

  it('throttles one name tried from many addresses after 50 failures, for at most a minute', async () => {
    const admin = await createAdmin(app, { username: 'sprayed' });
    await app.database.db.insert(adminLoginThrottle).values({
      key: 'user:sprayed',
      failures: 49,
      firstFailureAt: app.clock(),
      lastFailureAt: app.clock(),
    });
    expect((await login('sprayed', wrong, '100.64.0.1')).statusCode).toBe(401);
    const res = await login('sprayed', admin.password, '100.64.0.2');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('1');

    // Far more failures still mean a wait of a minute at most.
    await app.database.db
      .update(adminLoginThrottle)
      .set({ failures: 400, lastFailureAt: app.clock() })
      .where(eq(adminLoginThrottle.key, 'user:sprayed'));
    app.advanceClock(1000);
    expect((await login('sprayed', wrong, '100.64.0.3')).statusCode).toBe(401);
    const capped = await login('sprayed', admin.password, '100.64.0.4');
    expect(capped.headers['retry-after']).toBe('60');
    app.advanceClock(60_000);
    expect((await login('sprayed', admin.password, '100.64.0.4')).statusCode).toBe(200);
  });

  it('forgets a count after an hour without failures', async () => {
    await createAdmin(app, { username: 'forgetful' });
    for (let i = 0; i < 5; i++) await login('forgetful', wrong, '192.0.2.77');
    expect((await login('forgetful', wrong, '192.0.2.77')).statusCode).toBe(429);
    app.advanceClock(61 * 60_000);
    // The first failure after the quiet hour counts as the first again.
    for (let i = 0; i < 4; i++) {
      expect((await login('forgetful', wrong, '192.0.2.77')).statusCode).toBe(401);
    }
    expect((await login('forgetful', wrong, '192.0.2.77')).statusCode).toBe(401);
    expect((await login('forgetful', wrong, '192.0.2.77')).statusCode).toBe(429);
  });

  it('lets the browser the owner signed in from before in while a spray locks the name', async () => {
    const owner = await createAdmin(app, { username: 'owner-sprayed', role: 'owner' });
    const first = await login('owner-sprayed', owner.password, '198.51.100.5');
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);

    await sprayLock('owner-sprayed');
    // Without the device cookie, even the right password waits out the spray's lock...
    expect((await login('owner-sprayed', owner.password, '198.51.100.5')).statusCode).toBe(429);
    // ...with it, the owner's browser is counted on its own and signs in.
    const again = await login('owner-sprayed', owner.password, '198.51.100.5', device);
    expect(again.statusCode).toBe(200);
    // A browser that already has a valid device cookie is not given another.
    expect(again.cookies.find((c) => c.name === 'tziyun_device')).toBeUndefined();

    // The device's own count still throttles a guesser who stole the cookie.
    for (let i = 0; i < 5; i++) {
      expect((await login('owner-sprayed', wrong, `203.0.113.${100 + i}`, device)).statusCode).toBe(
        401,
      );
    }
    expect((await login('owner-sprayed', wrong, '203.0.113.120', device)).statusCode).toBe(429);
  });

  it('does not take a device cookie issued for another name, or a forged one', async () => {
    const other = await createAdmin(app, { username: 'other-admin' });
    const victim = await createAdmin(app, { username: 'victim-admin' });
    const otherDevice = deviceCookieOf(await login('other-admin', other.password, '198.51.100.9'));
    await sprayLock('victim-admin');
    const borrowed = await login('victim-admin', victim.password, '198.51.100.9', otherDevice);
    expect(borrowed.statusCode).toBe(429);
    const forged = await login(
      'victim-admin',
      victim.password,
      '198.51.100.9',
      `${otherDevice.slice(0, -4)}AAAA`,
    );
    expect(forged.statusCode).toBe(429);
  });

  it('reserves each attempt before checking it: 40 at once from a new address check 5 passwords', async () => {
    await createAdmin(app, { username: 'stampede' });
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login('stampede', wrong, '203.0.113.240')),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(35);
    const failures = await auditEntries(app, 'sign-in-failed', 'stampede');
    expect(failures).toHaveLength(5);
  });
});
