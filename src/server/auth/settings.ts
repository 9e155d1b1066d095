import { servedOverHttps, type Env } from '~/server/env';

export interface AdminAuthSettings {
  /** A session unused for this long is over. */
  idleMs: number;
  /** A session this old is over, however active. */
  maxMs: number;
  /** `last_seen_at` is written at most this often: one write a minute per session, not per call. */
  touchEveryMs: number;
  cookieName: string;
  /**
   * The device cookie (OWASP's, against lockout by a username spray): set at sign-in, it lets
   * this browser's later attempts for that name be counted on their own (a year, signed).
   */
  deviceCookieName: string;
  /**
   * A sign-in between its password and its second step (a few minutes, single use): HttpOnly,
   * SameSite=Strict, so only this site's own pages carry it.
   */
  pendingCookieName: string;
  /** Secure and `__Host-` prefixed in production over https; plain on http://localhost. */
  secureCookie: boolean;
  /** Where admin requests may come from: PUBLIC_URL's origin. */
  publicOrigin: string;
}

export function adminAuthSettings(env: Env): AdminAuthSettings {
  const https = servedOverHttps(env);
  return {
    idleMs: env.ADMIN_SESSION_IDLE_MINUTES * 60_000,
    maxMs: env.ADMIN_SESSION_MAX_HOURS * 3_600_000,
    touchEveryMs: 60_000,
    cookieName: https ? '__Host-tziyun_admin' : 'tziyun_admin',
    deviceCookieName: https ? '__Host-tziyun_device' : 'tziyun_device',
    pendingCookieName: https ? '__Host-tziyun_sign_in' : 'tziyun_sign_in',
    secureCookie: https,
    publicOrigin: new URL(env.PUBLIC_URL).origin,
  };
}
