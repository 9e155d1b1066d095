import siteConfig from '~/client/lib/site-config';

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: siteConfig.timeZone,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** 'August 15, 2025', in the site's time zone on the server and in the browser alike. */
export function formatPublished(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}
