import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '~/server/errors';
import { deviceCookieMaxAgeSeconds, deviceFor, issueDeviceToken } from './device-cookie';
import { relyingPartyOf } from './passkeys';

/**
 * The cookies of a sign-in, shared by its steps: the session (as ADR 006 has it), the device
 * cookie (ADR 017: only once the whole sign-in succeeded) and the pending sign-in between the
 * password and the second step (ADR 018).
 */

/** This browser's device id for `username`, from a valid device cookie. */
export function deviceOf(request: FastifyRequest, username: string, now: Date) {
  const { adminAuth, linkSigner } = request.server;
  return deviceFor(linkSigner, request.cookies[adminAuth.deviceCookieName], username, now);
}

/** The session cookie, and the device cookie if this browser has none for this name yet. */
export function setSignedInCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  { token, username, now }: { token: string; username: string; now: Date },
) {
  const { adminAuth, linkSigner } = request.server;
  reply.setCookie(adminAuth.cookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: adminAuth.secureCookie,
  });
  if (!deviceOf(request, username, now)) {
    reply.setCookie(adminAuth.deviceCookieName, issueDeviceToken(linkSigner, username, now), {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: adminAuth.secureCookie,
      maxAge: deviceCookieMaxAgeSeconds,
    });
  }
  if (request.cookies[adminAuth.pendingCookieName] !== undefined)
    clearPendingCookie(request, reply);
}

const pendingCookieOptions = (request: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: request.server.adminAuth.secureCookie,
});

export function setPendingCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  { token, expiresAt, now }: { token: string; expiresAt: Date; now: Date },
) {
  reply.setCookie(request.server.adminAuth.pendingCookieName, token, {
    ...pendingCookieOptions(request),
    maxAge: Math.ceil((expiresAt.getTime() - now.getTime()) / 1000),
  });
}

export function clearPendingCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(request.server.adminAuth.pendingCookieName, pendingCookieOptions(request));
}

/** 429 with Retry-After, in words a person can act on. */
export function throttledError(
  request: FastifyRequest,
  reply: FastifyReply,
  waitMs: number,
  what = 'sign-in attempts',
) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  request.log.warn({ ip: request.ip }, 'admin sign-in throttled');
  reply.header('retry-after', String(seconds));
  return new AppError(
    'rate_limited',
    `Too many ${what}. Please wait ${seconds} seconds and try again.`,
  );
}

/** The relying party of passkeys: PUBLIC_URL's host and origin, the site's name. */
export function relyingParty(request: FastifyRequest) {
  const { adminAuth, siteConfig } = request.server;
  return relyingPartyOf(adminAuth.publicOrigin, `${siteConfig.product} Admin`);
}
