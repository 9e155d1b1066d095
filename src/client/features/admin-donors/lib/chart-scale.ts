/** '2025-03' → 'Mar 2025' (or 'Mar' short). */
export function monthLabel(month: string, { short = false } = {}): string {
  const [year, m] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (m ?? 1) - 1, 1));
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    ...(short ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(date);
}

/**
 * A round top for the chart's axis at or above `max` (1, 2 or 5 times a power of ten), so the
 * gridlines fall on readable amounts; 100 when everything is zero.
 */
export function niceCeiling(max: number): number {
  if (max <= 0) return 100;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}
