import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLoginThrottle } from '~/db/schema';
import { buildTestApp } from '../../../../tests/helpers/app';
import { createAdmin } from '../../../../tests/helpers/admin';
import { delayAfter, loginThrottleRules } from './login-throttle';

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const login = (username: string, password: string, ip = '192.0.2.10') =>
  app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password },
    headers: { origin: 'https://tziyun.test' },
    remoteAddress: ip,
  });

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
});
