/** The office's weekly prayer list (src/shared/route.ts). */
export const prayerListApi = {
  /**
   * The week's names by intention.
   * @caller admin
   */
  week: 'GET /api/admin/prayer-list',
  /**
   * Mark the week's names prayed on a day (their givers are mailed).
   * @caller admin
   */
  recordReading: 'POST /api/admin/prayer-list/readings',
} as const;
