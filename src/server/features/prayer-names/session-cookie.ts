import type { FastifyRequest } from 'fastify';
import { linkSessionCookie } from '~/server/lib/link-session-cookie';

export { assertFromThisSite } from '~/server/lib/link-session-cookie';

/**
 * The names page's session lives in a cookie (ADR 021, src/server/lib/link-session-cookie.ts),
 * signed to expire after PRAYER_SESSION_HOURS whatever the browser keeps.
 */
export const prayerSessionCookie = linkSessionCookie('tziyun_prayer');

/** The session the cookie holds, if any (checked by ownerOfSession). */
export const prayerSessionOf = (request: FastifyRequest) => prayerSessionCookie.read(request);
