/** The zone arithmetic is shared with the browser (the office's date and time fields). */
export { zonedMidnight, zonedMinute, zonedParts } from '~/shared/zoned-time';
