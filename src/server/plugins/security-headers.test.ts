import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '~tests/helpers/app';
import { sitePermissionsPolicy, stripePagePermissionsPolicy } from './security-headers';
import { routeTable, sampleUrl, stateChanging, type Route } from '~tests/helpers/route-table';

/**
 * The sweep: every route of the route table (pages, API, admin, static and media), called as an
 * anonymous browser would, in the three ways the site runs: tests and development, production
 * over https, and production on plain http (npm start on localhost). Every answer, refusals
 * and 404s included, carries the security headers.
 */

type Mode = 'development' | 'production https' | 'production http';

/** Pages that load Stripe.js (the card checkout) and pages that frame video players. */
const stripePages = new Set(['/checkout']);
const videoEmbedPages = new Set(['/videos']);

const apps = {} as Record<Mode, TestApp>;
beforeAll(async () => {
  apps.development = await buildTestApp();
  apps['production https'] = await buildTestApp({ NODE_ENV: 'production' });
  apps['production http'] = await buildTestApp({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost:3000',
  });
});
afterAll(async () => {
  for (const app of Object.values(apps)) await app?.close();
});

/** Each route once (HEAD answers as GET), with a concrete URL; the checkout with its query. */
function sweep(app: TestApp) {
  return routeTable(app)
    .filter((r) => r.method !== 'HEAD')
    .map((route) => {
      const url =
        route.path === '/checkout' ? '/checkout?amount=36&type=onetime' : sampleUrl(route.path);
      return { route, url };
    });
}

async function call(app: TestApp, { route, url }: { route: Route; url: string }) {
  return app.inject({
    method: route.method,
    url,
    headers: { origin: app.adminAuth.publicOrigin, cookie: `${app.adminAuth.cookieName}=stale` },
    ...(stateChanging.has(route.method) ? { payload: {} } : {}),
  });
}

/** What is wrong with one answer's headers, as readable lines (none when all is well). */
function headerProblems(
  mode: Mode,
  { route, url }: { route: Route; url: string },
  headers: Record<string, unknown>,
): string[] {
  const name = `${mode}: ${route.method} ${url}`;
  const problems: string[] = [];
  const expectHeader = (ok: boolean, what: string) => {
    if (!ok) problems.push(`${name}: ${what}`);
  };
  const csp = String(headers['content-security-policy'] ?? '');
  const directives = new Map(
    csp.split(';').map((d) => {
      const [key = '', ...values] = d.trim().split(/\s+/);
      return [key, values] as const;
    }),
  );
  const page = route.path.split('?')[0]!;
  expectHeader(csp !== '', 'no Content-Security-Policy');
  expectHeader(directives.get('default-src')?.join(' ') === "'self'", "default-src is not 'self'");
  expectHeader(
    directives.get('frame-ancestors')?.join(' ') === "'none'",
    "frame-ancestors is not 'none'",
  );
  expectHeader(directives.get('object-src')?.join(' ') === "'none'", "object-src is not 'none'");
  expectHeader(
    directives.get('script-src')?.[0] === "'self'",
    "script-src does not start with 'self'",
  );
  expectHeader(!csp.includes('unsafe'), 'the CSP allows something unsafe');
  // A page is rendered for a GET and for its own forms' posts (ssr/page-forms.ts): same page,
  // same policy.
  const rendersPage = route.method === 'GET' || route.method === 'POST';
  const stripe = stripePages.has(page) && rendersPage;
  expectHeader(
    csp.includes('js.stripe.com') === stripe,
    `Stripe's hosts ${stripe ? 'missing' : 'allowed'}`,
  );
  const embeds = videoEmbedPages.has(page) && rendersPage;
  expectHeader(
    csp.includes('youtube-nocookie.com') === embeds,
    `video hosts ${embeds ? 'missing' : 'allowed'}`,
  );
  // The manage page's form goes on to Stripe's customer portal (ADR 038); no other form leaves.
  const portal = page === '/donate/manage' && rendersPage;
  expectHeader(
    directives.get('form-action')?.join(' ') ===
      (portal ? "'self' https://billing.stripe.com" : "'self'"),
    `form-action is "${directives.get('form-action')?.join(' ')}"`,
  );
  expectHeader(
    headers['x-content-type-options'] === 'nosniff',
    'no X-Content-Type-Options: nosniff',
  );
  expectHeader(
    headers['referrer-policy'] === 'strict-origin-when-cross-origin',
    'wrong Referrer-Policy',
  );
  expectHeader(headers['x-frame-options'] === 'DENY', 'X-Frame-Options is not DENY');
  // Nothing the site does not use; on the checkout, the Payment Request API for Stripe's frames
  // (Apple Pay and Google Pay in the Payment Element) and the page itself, no one else.
  const permissions = String(headers['permissions-policy'] ?? '');
  expectHeader(
    permissions === (stripe ? stripePagePermissionsPolicy : sitePermissionsPolicy),
    `Permissions-Policy is "${permissions}"`,
  );
  for (const feature of ['camera', 'microphone', 'geolocation', 'usb']) {
    expectHeader(permissions.split(', ').includes(`${feature}=()`), `${feature} is not denied`);
  }
  expectHeader(
    permissions
      .split(', ')
      .includes(stripe ? 'payment=(self "https://js.stripe.com")' : 'payment=()'),
    'wrong payment permission',
  );
  expectHeader(Boolean(headers['x-request-id']), 'no X-Request-Id');
  const https = mode === 'production https';
  const hsts = String(headers['strict-transport-security'] ?? '');
  expectHeader(
    https ? hsts === 'max-age=63072000; includeSubDomains' : hsts === '',
    `Strict-Transport-Security is "${hsts}"`,
  );
  expectHeader(directives.has('upgrade-insecure-requests') === https, 'upgrade-insecure-requests');
  return problems;
}

describe('security headers on every route', () => {
  it('covers the whole route table: pages, API, admin, the checkout and the video page', () => {
    const urls = sweep(apps.development).map((r) => `${r.route.method} ${r.url}`);
    expect(urls.length).toBeGreaterThan(60);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /',
        'GET /checkout?amount=36&type=onetime',
        'GET /videos',
        'GET /admin',
        'GET /api/stripe-config',
        'POST /api/contact',
        'GET /api/admin/donors',
        'GET /x',
      ]),
    );
  });

  for (const mode of ['development', 'production https', 'production http'] as const) {
    it(`${mode}: CSP (Stripe on the checkout alone), nosniff, no framing (DENY), the permissions policy (payment for Stripe on the checkout alone), the referrer policy, HSTS only over https`, async () => {
      const app = apps[mode];
      const problems: string[] = [];
      for (const target of sweep(app)) {
        const res = await call(app, target);
        problems.push(...headerProblems(mode, target, res.headers));
      }
      // Refusals before any route (a malformed address) and 404s get them too.
      for (const url of ['/api/%', '/api/nothing-here', '/no/such/page']) {
        const target = { route: { method: 'GET' as const, path: url }, url };
        const res = await app.inject(url);
        problems.push(...headerProblems(mode, target, res.headers));
      }
      expect(problems).toEqual([]);
    });
  }

  it('sets no cookie but the admin session’s, and clears a stale one with the same flags', async () => {
    const cleared = '=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly';
    for (const [mode, expected] of [
      ['development', `tziyun_admin${cleared}; SameSite=Lax`],
      ['production https', `__Host-tziyun_admin${cleared}; Secure; SameSite=Lax`],
    ] as const) {
      const app = apps[mode];
      const problems: string[] = [];
      let clears = 0;
      for (const target of sweep(app)) {
        const res = await call(app, target);
        for (const cookie of [res.headers['set-cookie'] ?? []].flat().map(String)) {
          if (cookie === expected) clears += 1;
          else problems.push(`${mode}: ${target.route.method} ${target.url} sets "${cookie}"`);
        }
      }
      expect(problems).toEqual([]);
      // Every admin route that read the stale cookie cleared it.
      expect(clears).toBeGreaterThan(15);
    }
  });

  it('never leaks internals in a 5xx', async () => {
    const app = await buildTestApp();
    app.log.error = () => undefined;
    // The database going away mid-life is the most likely real 5xx.
    await app.database.close();
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Sarah', email: 'sarah@example.org', message: 'A message of some length' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toMatch(/closed|stack|pglite|at /i);
      expect(res.json()).toEqual({
        error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
      });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['permissions-policy']).toBe(sitePermissionsPolicy);
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});

describe('request ids', () => {
  /** The app with its log lines captured, TRUST_PROXY as given. */
  async function appWithLog(trustProxy: string) {
    const lines: string[] = [];
    const app = await buildTestApp({ TRUST_PROXY: trustProxy }, undefined, { logLines: lines });
    /** The request ids the log lines name. */
    const loggedIds = () => new Set(lines.map((l) => (JSON.parse(l) as { reqId?: string }).reqId));
    return { app, loggedIds };
  }

  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('without a proxy, ignores a client’s X-Request-Id: the logs and the answer carry one of the server’s', async () => {
    const { app, loggedIds } = await appWithLog('false');
    try {
      for (const url of ['/healthz', '/api/nothing-here', '/api/%']) {
        const res = await app.inject({ url, headers: { 'x-request-id': 'forged-id-123' } });
        expect(res.headers['x-request-id'], url).toMatch(uuid);
      }
      expect(loggedIds().has('forged-id-123')).toBe(false);
      expect([...loggedIds()].filter(Boolean).length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('behind a proxy (TRUST_PROXY), takes the proxy’s X-Request-Id when it is well-formed', async () => {
    const { app, loggedIds } = await appWithLog('1');
    try {
      const res = await app.inject({
        url: '/healthz',
        headers: { 'x-request-id': 'proxy-id-456' },
      });
      expect(res.headers['x-request-id']).toBe('proxy-id-456');
      expect(loggedIds().has('proxy-id-456')).toBe(true);
      const odd = await app.inject({
        url: '/healthz',
        headers: { 'x-request-id': 'bad id\n{"level":60}' },
      });
      expect(odd.headers['x-request-id']).toMatch(uuid);
    } finally {
      await app.close();
    }
  });
});
