import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '~tests/helpers/app';
import { appWithAdmin, signIn, type AdminSession } from '~tests/helpers/admin';
import { requireAdmin } from '~/server/plugins/admin-guard';
import {
  isAdminRoute,
  publicApiRoutes,
  publicApiRoutesOf,
  routeTable,
  sampleUrl,
  stateChanging,
  type Route,
} from '~tests/helpers/route-table';

/**
 * The sweep: every route of the built app under an admin prefix must refuse an anonymous
 * request, and every state-changing one a request without the CSRF token. A new admin route
 * registered outside the guarded context, or without requireAdmin, fails here; so does a new
 * API route outside the admin prefixes until it is listed as public (publicApiRoutes), which is
 * also what puts it under the fuzzing of tests/security/api-fuzz.test.ts.
 */
function guardedRoutes(app: TestApp) {
  return routeTable(app).filter(isAdminRoute);
}

/** The routes that let an anonymous request through (anything but 401). */
async function anonymousLeaks(app: TestApp, routes: Route[]) {
  const leaks: string[] = [];
  for (const { method, path } of routes) {
    const res = await app.inject({
      method,
      url: sampleUrl(path),
      headers: { origin: 'https://tziyun.test' },
      ...(stateChanging.has(method) ? { payload: {} } : {}),
    });
    if (res.statusCode !== 401) leaks.push(`${method} ${path}: ${res.statusCode}`);
  }
  return leaks;
}

/** The state-changing routes that take a signed-in request without its CSRF token (not 403). */
async function csrfLeaks(app: TestApp, routes: Route[], session: AdminSession) {
  const leaks: string[] = [];
  for (const { method, path } of routes.filter((r) => stateChanging.has(r.method))) {
    const res = await app.inject({
      method,
      url: sampleUrl(path),
      headers: { cookie: session.cookie, origin: 'https://tziyun.test' },
      payload: {},
    });
    if (res.statusCode !== 403) leaks.push(`${method} ${path}: ${res.statusCode}`);
  }
  return leaks;
}

let app: TestApp;
let guarded: Route[];
let owner: AdminSession;
beforeAll(async () => {
  ({ app, admin: owner } = await appWithAdmin({ role: 'owner' }));
  guarded = guardedRoutes(app);
});
afterAll(() => app.close());

describe('the route table', () => {
  it('is read completely (the parse is checked against the router)', () => {
    const all = routeTable(app);
    for (const route of all) {
      expect(
        app.hasRoute({ method: route.method, url: route.path }),
        `${route.method} ${route.path}`,
      ).toBe(true);
    }
    const names = all.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /healthz',
        'POST /api/contact',
        'POST /api/admin/login',
        'GET /api/admin/session',
        'POST /api/admin/jobs/:id/retry',
        'DELETE /api/admin/users/:id',
        'POST /api/admin/users/:id/end-sessions',
        'GET /admin/*',
        'GET /api/donors',
        'GET /api/admin/donors',
        'GET /api/admin/donors.csv',
        'GET /api/admin/payment-stats',
      ]),
    );
    // Today's admin routes at least; later features add theirs.
    expect(guarded.length).toBeGreaterThanOrEqual(15);
  });

  it('has no API route outside the admin prefixes that is not declared public', () => {
    const undeclared = publicApiRoutesOf(app)
      .map((r) => `${r.method} ${r.path}`)
      .filter((name) => !publicApiRoutes.has(name));
    expect(undeclared).toEqual([]);
    // And the list names no route that is gone (or has moved under the guard).
    const present = new Set(publicApiRoutesOf(app).map((r) => `${r.method} ${r.path}`));
    expect([...publicApiRoutes].filter((name) => !present.has(name))).toEqual([]);
  });

  it('refuses every admin route to an anonymous request (401)', async () => {
    expect(await anonymousLeaks(app, guarded)).toEqual([]);
  });

  it('refuses every state-changing admin route without the CSRF token (403), even to an owner', async () => {
    expect(guarded.filter((r) => stateChanging.has(r.method)).length).toBeGreaterThanOrEqual(5);
    expect(await csrfLeaks(app, guarded, owner)).toEqual([]);
  });

  it('would catch an admin route that slipped out of the guard', async () => {
    const leaky = await buildTestApp({}, (a) => {
      // Registered outside the /api/admin context and without requireAdmin. (Made-up paths
      // under the admin prefixes: the real routes there are taken.)
      a.get('/api/donors/forgotten', async () => ({ donors: [] }));
      a.post('/api/zapier/forgotten', async () => ({ success: true }));
      a.post('/api/admin/forgotten', async () => ({ ok: true }));
      // Done right: a hook from the guard plugin.
      a.get('/api/ghl/guarded', { onRequest: requireAdmin }, async () => ({ contacts: [] }));
    });
    try {
      const session = await signIn(leaky, { role: 'owner' });
      const routes = guardedRoutes(leaky);
      expect((await anonymousLeaks(leaky, routes)).sort()).toEqual([
        'GET /api/donors/forgotten: 200',
        'HEAD /api/donors/forgotten: 200',
        'POST /api/admin/forgotten: 200',
        'POST /api/zapier/forgotten: 200',
      ]);
      expect((await csrfLeaks(leaky, routes, session)).sort()).toEqual([
        'POST /api/admin/forgotten: 200',
        'POST /api/zapier/forgotten: 200',
      ]);
    } finally {
      await leaky.close();
    }
  });
});
