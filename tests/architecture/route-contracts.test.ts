import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '~tests/helpers/app';

// The house pattern (docs/decisions/016-contracts-and-boundaries.md): every JSON route declares
// its answer with a shared contract, and routes live in files named for it.

/**
 * Routes whose answer is not JSON: CSV downloads, media files, redirects a mail link opens,
 * the server-rendered pages and crawler files. Stripe's webhook answers Stripe, not a screen.
 */
/** Routes that answer something other than JSON, by method and path. */
const notJson = [
  /\.csv$/,
  /\.pdf$/,
  /^GET \/media\//,
  // The office's photo of a cheque or voucher: the image itself.
  /^GET \/api\/admin\/offline-gifts\/:id\/photo$/,
  // Emailed links that lead to their page's button (ADR 034).
  /^GET \/api\/newsletter\/(confirm|unsubscribe)$/,
  /^POST \/api\/stripe\/webhook$/,
  /^GET \/(robots\.txt|sitemap\.xml)$/,
  // A campaign's and a team's link preview images.
  /^GET \/campaign\/:slug\/share\.png$/,
  /^GET \/campaign\/:slug\/team\/:team\/share\.png$/,
];
const answersJson = (r: { method: string; url: string }) =>
  !notJson.some((p) => p.test(`${r.method} ${r.url}`));

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('route contracts', () => {
  it('declares a response schema on every JSON API route', () => {
    const api = app.declaredRoutes.filter(
      (r) => (r.url.startsWith('/api/') || r.url === '/healthz') && answersJson(r),
    );
    expect(api.length).toBeGreaterThan(60);
    const undeclared = api.filter((r) => !r.hasResponseSchema).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('counts the routes it exempts, so a new exemption is a visible change', () => {
    const exempt = app.declaredRoutes.filter((r) => !answersJson(r));
    expect(exempt.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/admin/campaigns/:id/gifts.csv',
      'GET /api/admin/donors.csv',
      'GET /api/admin/members.csv',
      'GET /api/admin/newsletter-subscribers.csv',
      'GET /api/admin/offline-gifts/:id/photo',
      'GET /api/admin/statements.csv',
      'GET /api/admin/statements/preview.pdf',
      'GET /api/my-giving/receipts/:id/receipt.pdf',
      'GET /api/my-giving/statements/:year/statement.pdf',
      'GET /api/newsletter/confirm',
      'GET /api/newsletter/unsubscribe',
      'GET /campaign/:slug/share.png',
      'GET /campaign/:slug/team/:team/share.png',
      'GET /media/*',
      'GET /robots.txt',
      'GET /sitemap.xml',
      'POST /api/stripe/webhook',
    ]);
  });
});

describe('route files', () => {
  const features = join(import.meta.dirname, '..', '..', 'src', 'server', 'features');
  const files = readdirSync(features, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );

  it('registers routes only in files named routes.ts or <part>-routes.ts', () => {
    const registering = files.filter((f) =>
      /\bapp\.(get|post|put|patch|delete|route)\(/.test(readFileSync(join(features, f), 'utf8')),
    );
    expect(registering.length).toBeGreaterThan(15);
    const misnamed = registering.filter((f) => !/(^|\/|-)routes\.ts$/.test(f));
    expect(misnamed.map((f) => relative(features, join(features, f)))).toEqual([]);
  });
});
