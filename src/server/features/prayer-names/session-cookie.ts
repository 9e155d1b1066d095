import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { assertSameOrigin } from '../../plugins/admin-guard';

/**
 * The names page's session lives in a cookie (ADR 021): set when the emailed link is opened,
 * read by the page as the server renders it, by its forms posted without JavaScript and by the
 * API the page calls with JavaScript. HttpOnly (no script reads it), SameSite=Lax (another
 * site's form or fetch does not carry it), Secure and `__Host-` prefixed over https in
 * production (no subdomain can set or shadow it). A browser-session cookie, as the tab's
 * sessionStorage was before: it goes when the browser closes, and what it holds is signed to
 * expire after PRAYER_SESSION_HOURS whatever the browser keeps.
 */
const cookieNameFor = (secure: boolean) => (secure ? '__Host-tziyun_prayer' : 'tziyun_prayer');

const cookieOptions = (request: FastifyRequest) => ({
  // Path=/ because the page (/prayer-names) and its API (/api/prayer-names) both read it, and
  // the `__Host-` prefix requires it.
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.server.adminAuth.secureCookie,
});

export function setPrayerSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: string,
) {
  const options = cookieOptions(request);
  reply.setCookie(cookieNameFor(options.secure), session, options);
}

export function clearPrayerSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  const options = cookieOptions(request);
  reply.clearCookie(cookieNameFor(options.secure), options);
}

/** The session the cookie holds, if any (checked by ownerOfSession). */
export function prayerSessionOf(request: FastifyRequest): string | undefined {
  return request.cookies[cookieNameFor(request.server.adminAuth.secureCookie)];
}

/**
 * A change made with the session cookie must come from this site's own pages: SameSite=Lax
 * already keeps the cookie off another site's posts, and this refuses what says it came from
 * elsewhere (Sec-Fetch-Site, Origin, Referer), in words a member can act on.
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
