import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '~tests/helpers/app';
import { routeTable } from '~tests/helpers/route-table';

/**
 * docs/api.md lists every route a client may call, by hand, with what it is for; this keeps the
 * list true: a route the app registers and the page does not name fails here, and so does a
 * route the page names that the app no longer has.
 */

const docPath = join(import.meta.dirname, '..', '..', 'docs', 'api.md');

/** `GET/POST /api/admin/users?x=` in a table row's first cell → ['GET /api/admin/users', 'POST …']. */
export function documentedRoutes(markdown: string): Set<string> {
  const routes = new Set<string>();
  for (const line of markdown.split('\n')) {
    const firstCell = /^\|([^|]+)\|/.exec(line)?.[1] ?? '';
    for (const [, methods, path] of firstCell.matchAll(/`([A-Z/]+) (\/[^`?\s]*)[^`]*`/g)) {
      for (const method of methods!.split('/')) routes.add(`${method} ${path}`);
    }
  }
  return routes;
}

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

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('docs/api.md', () => {
  it('reads methods and paths from table rows', () => {
    const rows = documentedRoutes(
      '| `GET/POST /api/x?limit=`, `DELETE /api/x/:id` | purpose |\n| not a route | `GET /y` |',
    );
    expect([...rows]).toEqual(['GET /api/x', 'POST /api/x', 'DELETE /api/x/:id']);
  });

  it('names every route the app registers, and none it does not', () => {
    const registered = new Set(
      routeTable(app)
        .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && isApi(r.path))
        .map((r) => `${r.method} ${r.path}`),
    );
    const documented = new Set(
      [...documentedRoutes(readFileSync(docPath, 'utf8'))].filter((r) => isApi(r.split(' ')[1]!)),
    );
    expect([...registered].filter((r) => !documented.has(r)).sort()).toEqual([]);
    expect([...documented].filter((r) => !registered.has(r)).sort()).toEqual([]);
  });
});
