import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '~tests/helpers/app';
import { routeTable } from '~tests/helpers/route-table';

/**
 * Each route is written once, in a table of src/shared/api (ADR 057): the server registers from
 * it and the browser calls through it. The tables and the app's API agree, route for route.
 */

const tablesDir = join(import.meta.dirname, '..', '..', 'src', 'shared', 'api');

async function tabledRoutes() {
  const routes: string[] = [];
  for (const file of readdirSync(tablesDir).filter((f) => f.endsWith('.ts'))) {
    const module = (await import(join(tablesDir, file))) as Record<string, Record<string, string>>;
    for (const table of Object.values(module)) routes.push(...Object.values(table));
  }
  return routes;
}

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('the route tables', () => {
  it('name each route once, and every API route the app registers', async () => {
    const tabled = await tabledRoutes();
    expect(tabled.length).toBeGreaterThan(100);
    expect(tabled.filter((r, i) => tabled.indexOf(r) !== i)).toEqual([]);
    const registered = routeTable(app)
      .filter((r) => !['HEAD', 'OPTIONS'].includes(r.method))
      .map((r) => `${r.method} ${r.path}`);
    // The pages and their fallbacks are registered from the page table; every other route the
    // API's, and the site's files a table names, are in the tables.
    const api = registered.filter((r) => / \/api\//.test(r) || r === 'GET /healthz');
    expect(api.filter((r) => !tabled.includes(r)).sort()).toEqual([]);
    // Files on disk are served by @fastify/static, which registers its prefix's wildcard (a
    // bucket's are served by the route itself).
    const served = (route: string) =>
      registered.includes(route) ||
      app.hasRoute({ method: 'GET', url: route.replace(/^GET (.*\/):\w+$/, '$1*') });
    expect(tabled.filter((r) => !served(r)).sort()).toEqual([]);
  });
});

describe('no path written twice', () => {
  const src = join(import.meta.dirname, '..', '..', 'src');
  const sources = (dir: string) =>
    readdirSync(join(src, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => ({ file: `${dir}/${f}`, text: readFileSync(join(src, dir, f), 'utf8') }));

  /** A route registered by a path written out: `app.get('/…'`, `app.get<…>('/…'`, `url: '/…'`. */
  const literal = /\bapp\.(get|post|put|patch|delete|head)\s*(<[^>]*>)?\(\s*['`]\/|\burl:\s*['`]\//;

  it("registers no feature, service or page route by a literal path: each takes its table's (at)", () => {
    // A test kit's requests (app.inject's `url:`) are calls, not registrations.
    const files = ['server/features', 'server/services', 'server/ssr']
      .flatMap(sources)
      .filter((f) => !f.file.endsWith('-test-kit.ts'));
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((f) => literal.test(f.text)).map((f) => f.file)).toEqual([]);
  });

  it('catches a literal registration however it is written', () => {
    expect(literal.test("app.get('/robots.txt', handler)")).toBe(true);
    expect(literal.test("app.get<{ Params: { slug: string } }>('/campaign/:slug', h)")).toBe(true);
    expect(literal.test("app.route({ method: 'GET', url: '/media/:name', handler })")).toBe(true);
    expect(literal.test('app.route({ ...at(app, siteApi.media), handler })')).toBe(false);
    // The pages register from the page table (src/server/ssr/plugin.ts).
    expect(literal.test('app.get(`${route.path}/*`, handler)')).toBe(false);
  });

  it("writes no API path in the browser's code: it calls through the tables", () => {
    const literal = /['"`]\/api\//;
    expect(
      sources('client')
        .filter((f) => literal.test(f.text))
        .map((f) => f.file),
    ).toEqual([]);
  });
});
