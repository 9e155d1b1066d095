import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '~tests/helpers/admin';
import { buildTestApp } from '~tests/helpers/app';
import { isAdminRoute, routeTable, sampleUrl } from '~tests/helpers/route-table';
import {
  docPath,
  documentedRoutes,
  renderApiDoc,
  type Caller,
  type DocumentedRoute,
} from '~scripts/api-doc';

/**
 * docs/api.md is written by `npm run docs:api` from the route tables of src/shared/api, each
 * entry with its purpose and its `@caller`. This keeps the page and the tables true: the page is
 * what the script writes, every route the app registers is in a table with a purpose, and none is
 * documented that the app does not have; and a route answers an anonymous request as its caller
 * says: 401 for an administrator's, never 401 for a public one.
 */

/**
 * The pages and their fallbacks are the site, not its API: docs/features.md tells of them.
 * `/media/:name` is served by the static files' plugin from the media folder, and it lists no
 * route of its own while the folder is empty, as in a test app.
 */
function isApi(path: string) {
  return (
    path.startsWith('/api/') ||
    ['/healthz', '/robots.txt', '/sitemap.xml', '/newsletter/confirm'].includes(path)
  );
}

const pathOf = (route: string) => route.slice(route.indexOf(' ') + 1);
const guarded = new Set<Caller>(['admin', 'owner', 'integrations']);

let app: Awaited<ReturnType<typeof buildTestApp>>;
let documented: DocumentedRoute[];
let registered: Set<string>;
beforeAll(async () => {
  app = await buildTestApp();
  documented = await documentedRoutes();
  registered = new Set(
    routeTable(app)
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.path}`),
  );
});
afterAll(async () => {
  await app.close();
});

/** An anonymous call: no body, no cookie, the route's `:params` filled with a placeholder. */
function anonymous(route: string) {
  const [method, path] = route.split(' ') as ['GET', string];
  return app.inject({ method, url: sampleUrl(path) });
}

describe('docs/api.md', () => {
  it('is what npm run docs:api writes from src/shared/api', async () => {
    const expected = await renderApiDoc();
    expect(
      readFileSync(docPath, 'utf8') === expected,
      'docs/api.md is stale: run npm run docs:api',
    ).toBe(true);
  });

  it('documents every route the app registers, each once with a purpose, and none it does not', () => {
    const routes = documented.map((r) => r.route);
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
    expect(documented.filter((r) => !r.purpose).map((r) => r.source)).toEqual([]);
    const names = new Set(routes.filter((r) => isApi(pathOf(r))));
    const api = [...registered].filter((r) => isApi(pathOf(r)));
    expect(api.filter((r) => !names.has(r)).sort()).toEqual([]);
    expect([...names].filter((r) => !registered.has(r)).sort()).toEqual([]);
  });

  it("says who may call each route as the admin guard's prefixes do", () => {
    const misplaced = documented.filter(
      ({ route, caller }) =>
        route.includes(' /api/') &&
        isAdminRoute({ method: route.split(' ')[0] as 'GET', path: pathOf(route) }) !==
          guarded.has(caller),
    );
    expect(misplaced.map((r) => `${r.route} (@caller ${r.caller})`)).toEqual([]);
  });

  it("answers 401 to an anonymous call of an administrator's route", async () => {
    const wrong: string[] = [];
    for (const { route } of documented.filter((r) => guarded.has(r.caller))) {
      const res = await anonymous(route);
      if (res.statusCode !== 401) wrong.push(`${route}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('never answers 401 to an anonymous call of a public route', async () => {
    const wrong: string[] = [];
    for (const { route } of documented.filter((r) => r.caller === 'public')) {
      // `/media/:name` has no route in a test app (its folder is empty).
      if (!registered.has(route)) continue;
      const res = await anonymous(route);
      if (res.statusCode === 401) wrong.push(route);
    }
    expect(wrong).toEqual([]);
  });

  it("answers 403 to an administrator who is not an owner on an owner's route", async () => {
    const { headers } = await signIn(app, { role: 'admin' });
    const wrong: string[] = [];
    for (const { route } of documented.filter((r) => r.caller === 'owner')) {
      const [method, path] = route.split(' ') as ['GET', string];
      const res = await app.inject({ method, url: sampleUrl(path), headers });
      if (res.statusCode !== 403) wrong.push(`${route}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
