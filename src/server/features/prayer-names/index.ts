/** Names for prayer: the magic link, a giver's names, their lapsing and reminders. */
export { prayerNameRoutes } from './routes';
export { loadPrayerNamesPageData } from './page-data';
export { PRAYER_REMINDER_JOB_KIND, prayerReminderJobHandler } from './lapse';
export { donorNamesOf } from './magic-link';
export { ownerKey } from './owner';
export { renewedSince, type PrayerNameRules } from './lapse';
export { prayerLinkContext, prayerLinkRequests, sendPrayerLink } from './magic-link';
