/** How the video library shows sizes and lengths (spec 9): MB with one decimal, m:ss. */

const MB = 1024 * 1024;

export function formatFileSize(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}

/** m:ss; minutes keep counting past the hour (75:03), as the spec's format has no hours. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The duration for screen readers: '1 minute 5 seconds'. */
export function describeDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes === 0) return part(rest, 'second');
  return rest === 0
    ? part(minutes, 'minute')
    : `${part(minutes, 'minute')} ${part(rest, 'second')}`;
}
