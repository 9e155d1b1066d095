import { pauseAt } from '~/shared/campaign-clock';
import { zonedDateAndTime, zonedInstant, zonedParts } from '~/shared/zoned-time';
import { pauseWindows, type Place } from '~/server/lib/campaign-times';

/**
 * When a team leader may be mailed about a gift: never at night (22:00 to 08:00 on the site's
 * clock), nor from candle lighting to havdalah of Shabbat or Yom Tov. A mail that means "call
 * this person" must not arrive when a call would be unwelcome or forbidden; the gift itself is
 * never held, only the mail about it.
 */
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL = '08:00';
const QUIET_UNTIL_HOUR = 8;

/** Where the site is, as site.config.ts `location` gives it (the zone comes separately). */
export type AmbassadorPlace = Omit<Place, 'timeZone'>;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A night, a three-day run of Shabbat and Yom Tov and another night: a few steps at most. */
const MAX_STEPS = 12;

function dayAfter(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + DAY_MS).toISOString().slice(0, 10);
}

/** The morning that ends the night `at` falls in, or null when `at` is not at night. */
function nightEnd(at: Date, timeZone: string): Date | null {
  const { hour } = zonedParts(at, timeZone);
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return null;
  const today = zonedDateAndTime(at, timeZone).date;
  const day = hour < QUIET_UNTIL_HOUR ? today : dayAfter(today);
  // 08:00 is never a skipped hour where clocks change at night; an hour on if it ever were.
  return zonedInstant(day, QUIET_UNTIL, timeZone) ?? new Date(at.getTime() + HOUR_MS);
}

/** Havdalah of the Shabbat or Yom Tov `at` falls in, or null outside them. */
function restEnd(at: Date, place: Place): Date | null {
  const windows = pauseWindows(at, new Date(at.getTime() + 1), place);
  return pauseAt(windows, at)?.end ?? null;
}

/**
 * `now` when a team leader may be mailed now, else the first moment after it that is neither
 * night nor Shabbat or Yom Tov. Havdalah late in a summer night leads to the next morning: the
 * quiet hours hold after Shabbat too, and a morning that falls in Yom Tov waits for its end.
 */
export function nextAmbassadorSendTime(
  now: Date,
  timeZone: string,
  location: AmbassadorPlace,
): Date {
  const place: Place = { ...location, timeZone };
  let at = now;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const later = nightEnd(at, timeZone) ?? restEnd(at, place);
    if (!later) return at;
    at = later;
  }
  return at;
}
