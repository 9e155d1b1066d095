const MINUTE = 60_000;

function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/**
 * Time left as people say it: "3 days 4 hours" while a day or more is left, then "5 hours 12
 * minutes", then "12 minutes"; never "0 days". Counted up to the next whole minute, so the last
 * seconds read "1 minute" and nothing reads "0 minutes" before the time has come.
 *
 * A stand-in for the campaign clock's own, which adds the Shabbat pauses on the server.
 */
export function countdownText(ms: number): string {
  if (!(ms > 0)) return 'no time';
  const minutes = Math.ceil(ms / MINUTE);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0)
    return hours > 0 ? `${count(days, 'day')} ${count(hours, 'hour')}` : count(days, 'day');
  if (hours > 0)
    return rest > 0 ? `${count(hours, 'hour')} ${count(rest, 'minute')}` : count(hours, 'hour');
  return count(rest, 'minute');
}

/** How long until the text may change: to the next whole minute of what is left. */
export function nextMinuteIn(ms: number): number {
  const rest = ms % MINUTE;
  return rest > 0 ? rest : MINUTE;
}
