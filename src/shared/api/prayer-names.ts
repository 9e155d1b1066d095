/** A donor's prayer names, on the emailed link's session (src/shared/route.ts). */
export const prayerNamesApi = {
  /**
   * `{email}`: mails a single-use link to the prayer-names page to an active member (or donor, when
   * allowed).
   * @caller public
   */
  requestLink: 'POST /api/prayer-names/link',
  /**
   * The member's names for the Rabbi's prayers (the link's cookie session).
   * @caller donor-link
   */
  list: 'GET /api/prayer-names',
  /**
   * Add one of the member's names for the Rabbi's prayers (the link's cookie session).
   * @caller donor-link
   */
  add: 'POST /api/prayer-names',
  /**
   * Edit a name.
   * @caller donor-link
   */
  update: 'PUT /api/prayer-names/:id',
  /**
   * Keep a name on the weekly list for another `lapseWeeks`.
   * @caller donor-link
   */
  renew: 'POST /api/prayer-names/:id/renew',
  /**
   * Remove a name.
   * @caller donor-link
   */
  remove: 'DELETE /api/prayer-names/:id',
} as const;
