import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '~/server/errors';
import { assertSameOrigin } from '~/server/plugins/admin-guard';

/**
 * A session an emailed single-use link opened, kept in a cookie (ADR 021): the names page's
 * and 'My giving''s. Set when the link is opened, read by the page as the server renders it, by
 * its forms posted without JavaScript and by the API the page calls. HttpOnly (no script reads
 * it), SameSite=Lax (another site's form or fetch does not carry it), Secure and `__Host-`
 * prefixed over https in production (no subdomain can set or shadow it). A browser-session
 * cookie: it goes when the browser closes, and what it holds is signed to expire anyway.
 */
export interface LinkSessionCookie {
  set(request: FastifyRequest, reply: FastifyReply, session: string): void;
  clear(request: FastifyRequest, reply: FastifyReply): void;
  /** The session the cookie holds, if any (its signature is the caller's to check). */
  read(request: FastifyRequest): string | undefined;
}

export function linkSessionCookie(name: string): LinkSessionCookie {
  const cookieNameFor = (secure: boolean) => (secure ? `__Host-${name}` : name);
  const options = (request: FastifyRequest) => ({
    // Path=/ because each page and its API (/api/…) read it, and `__Host-` requires it.
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.server.adminAuth.secureCookie,
  });
  return {
    set(request, reply, session) {
      const o = options(request);
      reply.setCookie(cookieNameFor(o.secure), session, o);
    },
    clear(request, reply) {
      const o = options(request);
      reply.clearCookie(cookieNameFor(o.secure), o);
    },
    read: (request) => request.cookies[cookieNameFor(request.server.adminAuth.secureCookie)],
  };
}

/**
 * A change made with a link session's cookie must come from this site's own pages: SameSite=Lax
 * already keeps the cookie off another site's posts, and this refuses what says it came from
 * elsewhere (Sec-Fetch-Site, Origin, Referer), in words a visitor can act on.
 */
export function assertFromThisSite(request: FastifyRequest) {
  try {
    assertSameOrigin(request);
  } catch {
    throw new AppError(
      'forbidden',
      'This change came from another website, so nothing was changed. Open this page from the link in your email and try again.',
    );
  }
}

/**
 * The button that opens a link must be pressed on this site's own page (a login made from
 * another site would sign the visitor in as someone else). That page is sent with
 * `Referrer-Policy: no-referrer` (its address holds the token), so the browser posts it with
 * `Origin: null` and no Referer: Sec-Fetch-Site, which every current browser sends, says
 * where it came from; a browser too old to send it passes with `Origin: null`, as before.
 */
export function assertLinkPostedHere(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin') return;
  if (site === undefined && request.headers.origin === 'null') return;
  assertFromThisSite(request);
}
