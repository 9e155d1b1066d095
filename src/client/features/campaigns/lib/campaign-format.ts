import type { DedicationKind } from '~/shared/domain';
import { formatMoney } from '~/shared/money';
import siteConfig from '~/client/lib/site-config';
import type { MatchRelease } from './campaign-view';

/** Dollars as people read them: "$48,250", "$180.50". */
export function dollars(amount: number): string {
  return formatMoney(Math.round(amount * 100), 'usd', { whole: true });
}

/** What a matcher does to each gift: "doubles every gift", "triples every gift". */
export function ratioWords(ratio: number): string {
  const named: Record<number, string> = { 1: 'doubles', 2: 'triples', 3: 'quadruples' };
  const word = named[ratio];
  if (word) return `${word} every gift`;
  if (Number.isInteger(ratio) && ratio > 0) return `multiplies every gift by ${ratio + 1}`;
  return `adds ${dollars(ratio)} to every dollar given`;
}

export const dedicationWords: Record<DedicationKind, string> = {
  honor: 'In honor of',
  memory: 'In memory of',
  ilui: 'L’ilui nishmas',
  refuah: 'For a refuah shleimah for',
};

/**
 * A wall dedication's opening words, by the kind stored with the gift (the domain's kinds, which
 * may grow): a kind with no words here still reads as a dedication.
 */
export function wallDedicationWords(kind: string): string {
  const words: Partial<Record<string, string>> = {
    ...dedicationWords,
    honor: 'In honour of',
  };
  return words[kind] ?? 'Dedicated to';
}

export const releaseWords: Record<MatchRelease, string> = {
  refunded: 'Refunded: its match was released',
  disputed: 'Disputed: its match was released',
  cancelled: 'Monthly gift ended early: it counts what was paid',
};

const weekdayTime = new Intl.DateTimeFormat('en-US', {
  timeZone: siteConfig.timeZone,
  weekday: 'long',
  hour: 'numeric',
  minute: '2-digit',
});
const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: siteConfig.timeZone,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Saturday at 5:42 PM", in the site's time zone. */
export function weekdayAt(iso: string): string {
  const parts = weekdayTime.formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} at ${part('hour')}:${part('minute')} ${part('dayPeriod')}`;
}

/** "Wednesday, December 9 at 6:00 PM", in the site's time zone. */
export function dateAt(iso: string): string {
  const parts = dateTime.formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('month')} ${part('day')} at ${part('hour')}:${part('minute')} ${part('dayPeriod')}`;
}
