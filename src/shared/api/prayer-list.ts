/** The office's weekly prayer list (src/shared/route.ts). */
export const prayerListApi = {
  week: 'GET /api/admin/prayer-list',
  recordReading: 'POST /api/admin/prayer-list/readings',
} as const;
