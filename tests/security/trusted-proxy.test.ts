import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '~tests/helpers/app';
import { createAdmin } from '~tests/helpers/admin';

// Behind a proxy, a visitor is known by the address the proxy saw: the X-Forwarded-For entry the
// trusted proxy appended, never one the client wrote itself.

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const proxy = '10.0.0.2';
const visitor = '203.0.113.7';

function contact(target: App, remoteAddress: string, forwardedFor?: string) {
  return target.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Sarah Cohen', email: 'sarah@example.org', message: 'Please pray for us.' },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

/** 15 posts from one visitor who writes a new address into the header each time. */
async function rotatingPosts(target: App, remoteAddress: string, appended?: string) {
  const codes: number[] = [];
  for (let i = 0; i < 15; i++) {
    const forged = `198.51.100.${i}`;
    const header = appended ? `${forged}, ${appended}` : forged;
    codes.push((await contact(target, remoteAddress, header)).statusCode);
  }
  return codes;
}

const limited = [...Array<number>(10).fill(200), ...Array<number>(5).fill(429)];

describe('TRUST_PROXY', () => {
  it('as a hop count believes only the entry the proxy appended', async () => {
    app = await buildTestApp({ TRUST_PROXY: '1', FORM_RATE_LIMIT: '10' });
    expect(await rotatingPosts(app, proxy, visitor)).toEqual(limited);
  });

  it("as the proxy's addresses believes only what those proxies appended", async () => {
    app = await buildTestApp({ TRUST_PROXY: '10.0.0.0/8', FORM_RATE_LIMIT: '10' });
    expect(await rotatingPosts(app, proxy, visitor)).toEqual(limited);
  });

  it('ignores the header from a client that is not a trusted proxy', async () => {
    app = await buildTestApp({ TRUST_PROXY: '10.0.0.0/8', FORM_RATE_LIMIT: '10' });
    expect(await rotatingPosts(app, visitor)).toEqual(limited);
  });

  it('ignores the header altogether without a proxy', async () => {
    app = await buildTestApp({ FORM_RATE_LIMIT: '10' });
    expect(await rotatingPosts(app, visitor)).toEqual(limited);
  });

  it('throttles admin sign-in by the real address, whatever the header says', async () => {
    app = await buildTestApp({ TRUST_PROXY: '1' });
    const admin = await createAdmin(app, { username: 'office' });
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: admin.username, password: 'not the password at all' },
        remoteAddress: proxy,
        headers: { origin: 'https://tziyun.test', 'x-forwarded-for': `192.0.2.${i}, ${visitor}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });
});
