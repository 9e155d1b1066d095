import type { FastifyInstance } from 'fastify';

/**
 * The app's route table, for the sweeps that must see every route: the admin guard
 * (src/server/features/admin/route-table.test.ts), the security headers and the API fuzzing
 * (tests/security/).
 */

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
export interface Route {
  method: Method;
  path: string;
}

/** The paths that belong to the admin area: every route under them must refuse an anonymous request. */
export const adminPrefixes = [
  '/api/admin',
  '/api/donors',
  '/api/stripe/verify-payment',
  '/api/ojc/verify-payment',
  '/api/ghl',
  '/api/zapier',
];
/**
 * The admin routes an anonymous request may call: the sign-in, and its second step, which needs
 * the pending sign-in's cookie instead of a session (docs/decisions/018-admin-second-factor.md).
 */
export const secondStepRoutes = [
  'POST /api/admin/login/second-factor',
  'POST /api/admin/login/passkey-options',
  'POST /api/admin/login/enrolment',
  'POST /api/admin/login/enrolment/totp',
  'POST /api/admin/login/enrolment/passkey-options',
];
export const publicAdminRoutes = new Set(['POST /api/admin/login', ...secondStepRoutes]);
export const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every route, read from `printRoutes({ commonPrefix: false })`: a tree of path pieces, each
 * with its methods. (The routes are registered while buildApp runs, before any hook a test
 * could add, so an onRoute hook would see none.)
 */
export function parseRouteTree(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    let piece = match[2]!;
    const parent = stack[depth - 1] ?? '';
    // A wildcard is printed without its slash; any other piece continues its parent's text as is
    // (`/newsletter-subscribers` then `.csv`).
    if (depth > 0 && !parent.endsWith('/') && piece.startsWith('*')) piece = `/${piece}`;
    const path = depth === 0 ? piece : parent + piece;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? [])
      routes.push({ method: method as Method, path });
  }
  return routes;
}

export function routeTable(app: FastifyInstance): Route[] {
  return parseRouteTree(app.printRoutes({ commonPrefix: false }));
}

export function isAdminRoute({ method, path }: Route): boolean {
  return (
    adminPrefixes.some((p) => path === p || path.startsWith(`${p}/`)) &&
    !publicAdminRoutes.has(`${method} ${path}`)
  );
}

/** A concrete URL for a route pattern: parameters and wildcards get a placeholder. */
export function sampleUrl(path: string, placeholder = '1') {
  return path.replace(/:[^/]+/g, placeholder).replace(/\*$/, 'x');
}

/**
 * Every API route an anonymous visitor may call (HEAD aside), by design. The route-table test
 * fails on an /api route that is neither here nor under an admin prefix, so a new route is
 * either guarded or declared public; the API fuzzing covers each one listed here.
 */
export const publicApiRoutes = new Set([
  'POST /api/admin/login',
  ...secondStepRoutes,
  'POST /api/contact',
  'POST /api/newsletter',
  'GET /api/newsletter/confirm',
  'GET /api/newsletter/unsubscribe',
  'POST /api/newsletter/unsubscribe',
  'POST /api/membership-applications',
  'GET /api/prayer-names',
  'POST /api/prayer-names',
  'POST /api/prayer-names/link',
  'PUT /api/prayer-names/:id',
  'DELETE /api/prayer-names/:id',
  'POST /api/prayer-names/:id/renew',
  'GET /api/my-giving',
  'POST /api/my-giving/link',
  'GET /api/my-giving/export.json',
  'POST /api/my-giving/erasure',
  'POST /api/my-giving/wall',
  'POST /api/my-giving/sign-out',
  'GET /api/my-giving/receipts/:id/receipt.pdf',
  'GET /api/my-giving/statements/:year/statement.pdf',
  'POST /api/create-payment-intent',
  'POST /api/create-subscription',
  'POST /api/record-donation',
  'GET /api/stripe-config',
  'POST /api/stripe/webhook',
  'GET /api/stripe/manage',
  'POST /api/stripe/portal-session',
  'POST /api/ojc/create-payment',
  'GET /api/ojc/payments/:paymentId',
  'POST /api/ojc/payments/:paymentId/charge',
  'GET /api/ojc/subscriptions/manage',
  'POST /api/ojc/subscriptions/cancel',
  'GET /api/videos',
  'GET /api/site-content',
  'GET /api/campaigns/:slug',
  'GET /api/campaigns/:slug/events',
  'GET /api/campaigns/:slug/teams/:team',
  'POST /api/campaigns/:slug/teams',
  'GET /api/videos/:id/comments',
  'POST /api/videos/:id/comments',
]);

/** The public API routes of the app, as `METHOD /path` (HEAD aside: it answers as GET). */
export function publicApiRoutesOf(app: FastifyInstance): Route[] {
  return routeTable(app).filter(
    (r) => r.path.startsWith('/api/') && r.method !== 'HEAD' && !isAdminRoute(r),
  );
}
