import siteConfig from './site-config';

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: siteConfig.timeZone,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** An instant as the office reads it: in the site's time zone (America/New_York), zone named. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}
