/** A donor's prayer names, on the emailed link's session (src/shared/route.ts). */
export const prayerNamesApi = {
  requestLink: 'POST /api/prayer-names/link',
  list: 'GET /api/prayer-names',
  add: 'POST /api/prayer-names',
  update: 'PUT /api/prayer-names/:id',
  renew: 'POST /api/prayer-names/:id/renew',
  remove: 'DELETE /api/prayer-names/:id',
} as const;
