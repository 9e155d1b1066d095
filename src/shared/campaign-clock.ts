import * as z from 'zod/mini';

/**
 * A campaign's clock once its times are known: where it stands at an instant, the countdown's
 * words, and whether a gift may start. Pure and small, so the campaign page ticks it in the
 * browser; the pause windows themselves are computed on the server (src/server/lib/
 * campaign-times.ts, with @hebcal/core, which no phone should download) and come with the page.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const pauseKinds = ['shabbat', 'yom-tov', 'shabbat-and-yom-tov'] as const;
export type PauseKind = (typeof pauseKinds)[number];

/** From candle lighting to havdalah: one Shabbat, one Yom Tov, or both back to back. */
export const pauseWindowSchema = z.object({
  start: z.coerce.date(),
  end: z.coerce.date(),
  kind: z.enum(pauseKinds),
});
export type PauseWindow = z.output<typeof pauseWindowSchema>;

/** A campaign's computed times, as the server sends them (ISO strings are read back as dates). */
export const campaignTimesSchema = z.object({
  startsAt: z.coerce.date(),
  /** The end the office set. */
  plannedEndsAt: z.coerce.date(),
  /** The end moved later by the time paused inside the campaign. */
  endsAt: z.coerce.date(),
  plannedOpenUntil: z.nullable(z.coerce.date()),
  /** The still-open period's end, moved the same way; null when there is none. */
  openUntil: z.nullable(z.coerce.date()),
  /** The pauses from the start to the last end, in order. */
  pauses: z.array(pauseWindowSchema),
  /** How much later the end moved (the paused time between the start and the moved end). */
  pausedMs: z.number(),
});
export type CampaignTimes = z.output<typeof campaignTimesSchema>;

/** The names of `CampaignState`'s states, as the campaign's snapshot carries them. */
export const campaignStateNames = ['before', 'live', 'paused', 'open', 'ended'] as const;

export type CampaignState =
  /** Counting down to the start. */
  | { state: 'before'; msLeft: number; startsAt: Date }
  /** Taking gifts; `msLeft` is giving time, which stands still during pauses. */
  | { state: 'live'; msLeft: number; endsAt: Date }
  /** Shabbat or Yom Tov, during the campaign or its still-open period. */
  | {
      state: 'paused';
      during: 'live' | 'open';
      pause: PauseWindow;
      resumesAt: Date;
      msLeft: number;
    }
  /** After the end, in the still-open period: still taking gifts. */
  | { state: 'open'; msLeft: number; openUntil: Date }
  | { state: 'ended' };

/** The window `at` falls in: from candle lighting (included) to havdalah (excluded). */
export function pauseAt(pauses: readonly PauseWindow[], at: Date): PauseWindow | undefined {
  const t = at.getTime();
  return pauses.find((p) => p.start.getTime() <= t && t < p.end.getTime());
}

/** The time from `from` to `to` outside the pauses (the giving time between them). */
export function liveMsBetween(from: Date, to: Date, pauses: readonly PauseWindow[]): number {
  const a = from.getTime();
  const b = to.getTime();
  if (b <= a) return 0;
  let paused = 0;
  for (const p of pauses) {
    paused += Math.max(0, Math.min(b, p.end.getTime()) - Math.max(a, p.start.getTime()));
  }
  return b - a - paused;
}

/**
 * The instant at which `liveMs` of giving time after `from` has passed, the pauses skipped: an
 * end that would fall in a pause moves past it, and on past the next one if it comes to that.
 * `pauses` must be in order and reach beyond the answer.
 */
export function afterLiveMs(from: Date, liveMs: number, pauses: readonly PauseWindow[]): Date {
  let t = from.getTime();
  let left = liveMs;
  for (const p of pauses) {
    if (p.end.getTime() <= t) continue;
    if (p.start.getTime() >= t + left) break;
    left -= Math.max(0, p.start.getTime() - t);
    t = p.end.getTime();
  }
  return new Date(t + left);
}

/** Where the campaign stands at `now`, and the time left on its countdown. */
export function campaignState(times: CampaignTimes, now: Date): CampaignState {
  const t = now.getTime();
  if (t < times.startsAt.getTime()) {
    return { state: 'before', msLeft: times.startsAt.getTime() - t, startsAt: times.startsAt };
  }
  const lastEnd = times.openUntil ?? times.endsAt;
  if (t >= lastEnd.getTime()) return { state: 'ended' };
  const during = t < times.endsAt.getTime() ? 'live' : 'open';
  const phaseEnd = during === 'live' ? times.endsAt : lastEnd;
  const msLeft = liveMsBetween(now, phaseEnd, times.pauses);
  const pause = pauseAt(times.pauses, now);
  if (pause) return { state: 'paused', during, pause, resumesAt: pause.end, msLeft };
  if (during === 'live') return { state: 'live', msLeft, endsAt: times.endsAt };
  return { state: 'open', msLeft, openUntil: lastEnd };
}

function unit(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * The countdown in words: '3 days 4 hours' while more than a day is left, '5 hours 12 minutes'
 * on the last day, '12 minutes' in the last hour, never '0 days'. `spoken` is the same for a
 * screen reader, joined with 'and'. Rounded down: the clock never promises time it has not.
 */
export function countdownText(ms: number): { text: string; spoken: string } {
  const left = Math.max(0, ms);
  if (left < MINUTE_MS) return { text: 'less than a minute', spoken: 'less than a minute' };
  let first: string;
  let second: string | undefined;
  if (left >= DAY_MS) {
    const days = Math.floor(left / DAY_MS);
    const hours = Math.floor((left % DAY_MS) / HOUR_MS);
    first = unit(days, 'day');
    if (hours > 0) second = unit(hours, 'hour');
  } else if (left >= HOUR_MS) {
    const hours = Math.floor(left / HOUR_MS);
    const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS);
    first = unit(hours, 'hour');
    if (minutes > 0) second = unit(minutes, 'minute');
  } else {
    first = unit(Math.floor(left / MINUTE_MS), 'minute');
  }
  return second
    ? { text: `${first} ${second}`, spoken: `${first} and ${second}` }
    : { text: first, spoken: first };
}

/** 'Shabbat', 'Yom Tov' or 'Shabbat and Yom Tov', as a sentence names the pause. */
export function pauseName(kind: PauseKind): string {
  if (kind === 'shabbat') return 'Shabbat';
  if (kind === 'yom-tov') return 'Yom Tov';
  return 'Shabbat and Yom Tov';
}

/** 'Saturday at 5:42 PM' on the site's clock. */
export function weekdayAndTime(at: Date, timeZone: string): string {
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long' }).format(at);
  return `${weekday} at ${timeOfDay(at, timeZone)}`;
}

/** 'Sunday, December 6 at 8:00 PM' on the site's clock. */
function dayAndTime(at: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(at);
  return `${day} at ${timeOfDay(at, timeZone)}`;
}

function timeOfDay(at: Date, timeZone: string): string {
  // Newer ICU puts a narrow no-break space before AM/PM; mail and plain text want a space.
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })
    .format(at)
    .replace(/\s/gu, ' ');
}

export type GiftStart =
  | { allowed: true; state: 'live' | 'open' }
  | { allowed: false; state: 'before' | 'paused' | 'ended'; message: string };

/**
 * Whether a campaign gift may START at `now`: in live or still-open time only, otherwise a
 * plain sentence for the donor. This is for starting a payment only: a payment already started
 * (its checkout opened before a pause or the end) completes and counts whenever its webhook
 * arrives, so the payment path must not call this when it records a paid gift.
 */
export function giftStart(times: CampaignTimes, now: Date, timeZone: string): GiftStart {
  const at = campaignState(times, now);
  if (at.state === 'live' || at.state === 'open') return { allowed: true, state: at.state };
  const nothingTaken = 'No payment was started.';
  if (at.state === 'paused') {
    return {
      allowed: false,
      state: 'paused',
      message: `The campaign is paused for ${pauseName(at.pause.kind)}. It resumes ${weekdayAndTime(at.resumesAt, timeZone)}. ${nothingTaken}`,
    };
  }
  if (at.state === 'before') {
    return {
      allowed: false,
      state: 'before',
      message: `The campaign has not started yet. It starts ${dayAndTime(at.startsAt, timeZone)}. ${nothingTaken}`,
    };
  }
  return {
    allowed: false,
    state: 'ended',
    message: `The campaign has ended. ${nothingTaken} You can still give on the donate page.`,
  };
}
