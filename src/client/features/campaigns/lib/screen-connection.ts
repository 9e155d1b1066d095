const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How old the figures on a projector may be, once the stream or a poll has failed, before the
 * screen says so. A minute is four missed polls (one every 15 s) and longer than a server's
 * restart or a Wi-Fi hand-over, which pass unseen; it is also as soon as "last updated 1 minute
 * ago" reads true, and gifts come in every few seconds on a campaign's evening: figures a minute
 * old are already missing some.
 */
export const STALE_MS = MINUTE;

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "1 minute ago", "12 minutes ago", "2 hours ago": rounded down, as a clock on the wall reads. */
export function agoWords(ms: number): string {
  return ms < HOUR
    ? `${count(Math.floor(ms / MINUTE), 'minute')} ago`
    : `${count(Math.floor(ms / HOUR), 'hour')} ago`;
}

/** How long until `agoWords` of an age may read differently: the next whole minute of it. */
export function nextAgoChangeIn(ageMs: number): number {
  return MINUTE - (Math.max(0, ageMs) % MINUTE);
}

export interface ScreenConnection {
  /** The browser has said it is offline, for longer than a moment. */
  offline: boolean;
  /** The stream or a check failed since the server last answered. */
  failed: boolean;
  /** When the server last answered (ms since 1970). */
  heardAt: number;
  now: number;
}

/**
 * What the projector says of its connection: nothing while it is live (or after a short
 * failure), "Reconnecting…" once it knows it is offline, and how old its figures are once they
 * are more than a minute old.
 */
export function connectionWords({ offline, failed, heardAt, now }: ScreenConnection): string {
  const age = now - heardAt;
  const stale = failed && age >= STALE_MS;
  if (!offline && !stale) return '';
  return age >= STALE_MS ? `Reconnecting… last updated ${agoWords(age)}` : 'Reconnecting…';
}
