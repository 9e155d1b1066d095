import { createHash, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '~/server/errors';
import { dummyPasswordHash } from '~/server/auth/passwords';
import { adminAuthSettings } from '~/server/auth/settings';
import { findSession, isWellFormedToken } from '~/server/auth/sessions';

/**
 * Admin authentication for the whole app (see docs/decisions/006-admin-sessions.md).
 *
 * - `registerAdminAuth(app)` at the root: cookie parsing, the settings, `request.adminUser`.
 * - `adminAreaGuard`: the onRequest hook of the one context that holds every `/api/admin` route
 *   (app.ts). A route is public only with `config.adminPublic` (sign-in alone: the route-table
 *   test fails on any other).
 * - `requireAdmin` / `requireOwner`: the same checks as a hook, for admin routes that live
 *   outside `/api/admin` (donors, payment verification, CRM, Zapier). Use them as `onRequest`
 *   (`{ onRequest: requireAdmin }`): as a preHandler, an anonymous request with a bad body would
 *   get 400 before 401, and the route-table test would say so.
 */
export async function registerAdminAuth(app: FastifyInstance) {
  await app.register(cookie);
  app.decorate('adminAuth', adminAuthSettings(app.env));
  app.decorateRequest('adminUser', null);
  app.decorateRequest('adminSession', null);
  // Computed now rather than on the first unknown-user sign-in, whose timing would stand out.
  void dummyPasswordHash();
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function forbidden(message: string) {
  return new AppError('forbidden', message);
}

function sameDigest(a: string, b: string) {
  // Digests first: equal lengths for timingSafeEqual, and no length leak.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

function originOf(value: string) {
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * Refuses a state-changing request sent by another site: fetch metadata first, then Origin,
 * else Referer. A request with neither header (a script, not a browser) passes to the token.
 * The refusal names the address to open: most often it is the site itself opened at another
 * address than PUBLIC_URL (localhost for 127.0.0.1, a LAN address), not an attack.
 */
export function assertSameOrigin(request: FastifyRequest) {
  if (safeMethods.has(request.method)) return;
  const { publicOrigin } = request.server.adminAuth;
  const { origin, referer } = request.headers;
  const source = origin ?? (referer === undefined ? undefined : originOf(referer));
  const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
  if (!crossSite && (source === undefined || source === publicOrigin)) return;
  request.log.warn(
    { origin: source, publicOrigin, secFetchSite: request.headers['sec-fetch-site'] },
    'refused a write sent from another address than PUBLIC_URL',
  );
  const openedAt = source !== undefined && /^https?:\/\//.test(source) ? source : undefined;
  throw forbidden(
    openedAt && !crossSite
      ? `This site works at ${publicOrigin}, but this page was opened at ${openedAt}. Open ${publicOrigin} and try again. (To use ${openedAt} instead, set PUBLIC_URL to it and restart the server.)`
      : `This was sent from another website, so it was refused. Open ${publicOrigin} and try again.`,
  );
}

/** Clears the session cookie (same attributes as when it was set, or browsers keep it). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  const { cookieName, secureCookie } = request.server.adminAuth;
  reply.clearCookie(cookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie,
  });
}

/** Reads the session cookie into `request.adminUser`, or refuses with 401. */
async function authenticate(request: FastifyRequest, reply: FastifyReply) {
  const { adminAuth, database, clock } = request.server;
  const token = request.cookies[adminAuth.cookieName];
  if (token !== undefined) {
    const found = isWellFormedToken(token)
      ? await findSession(database.db, token, { now: clock(), ...adminAuth })
      : null;
    if (found && found !== 'expired') {
      request.adminUser = found.user;
      request.adminSession = { tokenHash: found.tokenHash, csrfToken: found.csrfToken };
      return;
    }
    clearSessionCookie(request, reply);
  }
  throw new AppError('unauthorized', 'Please sign in to continue.');
}

/**
 * Signed in, and for a state-changing call: from this site and carrying the session's CSRF
 * token. 401 without a live session; 403 for a foreign origin or a missing or wrong token.
 */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
  if (!request.adminSession) await authenticate(request, reply);
  if (safeMethods.has(request.method)) return;
  assertSameOrigin(request);
  const given = request.headers['x-csrf-token'];
  if (typeof given !== 'string' || !sameDigest(given, request.adminSession!.csrfToken)) {
    throw forbidden('This request is missing its security token. Reload the page and try again.');
  }
}

/** As `requireAdmin`, and the account is an owner. */
export async function requireOwner(request: FastifyRequest, reply: FastifyReply) {
  await requireAdmin(request, reply);
  if (request.adminUser?.role !== 'owner') throw forbidden('Only an owner can do this.');
}

/** The `/api/admin` context's hook: every route in it requires an admin unless marked public. */
export async function adminAreaGuard(request: FastifyRequest, reply: FastifyReply) {
  // Session and CSRF data must not sit in a shared or browser cache.
  reply.header('cache-control', 'no-store');
  if (request.routeOptions.config.adminPublic) {
    assertSameOrigin(request);
    return;
  }
  await requireAdmin(request, reply);
}
