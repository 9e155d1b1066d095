import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '~tests/helpers/app';

// Every per-address count knows a visitor by the address the proxy saw, and an IPv6 visitor by
// their /64 (a home or a server holds a whole /64 or more), as the rate-limit plugin does.

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The proxy in front (TRUST_PROXY=loopback) appends the address it saw. */
function behindProxy(target: App, visitor: string, request: { url: string; payload: object }) {
  return target.inject({
    method: 'POST',
    ...request,
    remoteAddress: '127.0.0.1',
    headers: { origin: 'https://tziyun.test', 'x-forwarded-for': visitor },
  });
}

/** Address `i` of one /64: a new one each time, as a visitor rotating inside it would use. */
const inOne64 = (i: number) => `2001:db8:5:7:${(i + 1).toString(16)}::${i + 2}`;

describe('per-address limits group IPv6 by /64', () => {
  it(
    'the contact form: 15 posts from one /64 meet the limit of 10',
    { timeout: 120_000 },
    async () => {
      app = await buildTestApp({ TRUST_PROXY: 'loopback', FORM_RATE_LIMIT: '10' });
      const codes: number[] = [];
      for (let i = 0; i < 15; i++) {
        const res = await behindProxy(app, inOne64(i), {
          url: '/api/contact',
          payload: { name: 'Sarah Cohen', email: 'sarah@example.org', message: 'Please pray.' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([...Array<number>(10).fill(200), ...Array<number>(5).fill(429)]);
      // Another /64 is another visitor.
      const other = await behindProxy(app, '2001:db8:5:8::1', {
        url: '/api/contact',
        payload: { name: 'Dina Levi', email: 'dina@example.org', message: 'Thank you.' },
      });
      expect(other.statusCode).toBe(200);
    },
  );

  it(
    "the sign-in throttle's address keys: 25 wrong passwords from one /64 meet the limit of 20",
    { timeout: 120_000 },
    async () => {
      app = await buildTestApp({ TRUST_PROXY: 'loopback' });
      const codes: number[] = [];
      for (let i = 0; i < 25; i++) {
        // A new name each time: only the address's count can stop them.
        const res = await behindProxy(app, inOne64(i), {
          url: '/api/admin/login',
          payload: { username: `guess-${i}`, password: 'definitely the wrong password' },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 20)).toEqual(Array<number>(20).fill(401));
      expect(codes[20]).toBe(429);
      // Another /64 is not held up.
      const other = await behindProxy(app, '2001:db8:5:8::1', {
        url: '/api/admin/login',
        payload: { username: 'guess-other', password: 'definitely the wrong password' },
      });
      expect(other.statusCode).toBe(401);
    },
  );

  it('the same name from one /64: its pair key meets the limit of 5', async () => {
    app = await buildTestApp({ TRUST_PROXY: 'loopback' });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await behindProxy(app, inOne64(i), {
        url: '/api/admin/login',
        payload: { username: 'office', password: 'definitely the wrong password' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('a form under the rate-limit plugin counts the /64 as the contact form does', async () => {
    app = await buildTestApp({ TRUST_PROXY: 'loopback', FORM_RATE_LIMIT: '3' });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await behindProxy(app, inOne64(i), {
        url: '/api/newsletter',
        payload: { email: `reader${i}@example.org` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(3)).toEqual([429, 429]);
  });
});
