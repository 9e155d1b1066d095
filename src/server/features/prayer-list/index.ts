/** The office's weekly prayer list: the week's names, printing, marking a day prayed. */
export { adminPrayerListRoutes } from './routes';
export { hebrewDateOf } from './hebrew-week';
