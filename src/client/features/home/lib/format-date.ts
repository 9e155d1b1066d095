const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * '2025-08-15' to 'August 15, 2025'. The parts are read directly rather than through Date, which
 * would take the string as UTC midnight and show the day before in American time zones (and could
 * differ between the server and the browser, breaking hydration).
 */
export function formatIsoDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const month = match ? months[Number(match[2]) - 1] : undefined;
  if (!match || !month) return iso;
  return `${month} ${Number(match[3])}, ${match[1]}`;
}

/**
 * '20:00' on '2026-12-13' in America/New_York as '8:00 PM Eastern Standard Time': the time of
 * day as written, and the zone's name on that date (standard or daylight time).
 */
export function formatTimeOfDay(time: string, isoDate: string, timeZone: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const clock = `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  // Noon UTC is that same day from UTC−11 to UTC+11 (every zone but a few Pacific islands).
  const noon = new Date(`${isoDate}T12:00:00Z`);
  const zone = Number.isNaN(noon.getTime())
    ? undefined
    : new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' })
        .formatToParts(noon)
        .find((part) => part.type === 'timeZoneName')?.value;
  return zone ? `${clock} ${zone}` : clock;
}
