/** The office's donors, donor records and payment figures (src/shared/route.ts). */
export const adminDonorsApi = {
  /**
   * Donor records: `search`, `from`, `to`, `type`, `status`, `method`, `sort`, `order`, `offset`,
   * `limit`.
   * @caller admin
   */
  list: 'GET /api/admin/donors',
  /**
   * The same filters as a streamed CSV (`columns=donors` or `dashboard`).
   * @caller admin
   */
  csv: 'GET /api/admin/donors.csv',
  /**
   * Donor records, one per person (ADR 053): `gift` (a gift's record), `search` (part of a name or
   * email), or `name` with `address` (the ledger's suggestions).
   * @caller admin
   */
  records: 'GET /api/admin/donor-records',
  /**
   * `{into, reason}`: record `id` is the same person as `into`: its gifts move there, its email
   * becomes an alias; audited → `{donor, giftsMoved}`.
   * @caller admin
   */
  merge: 'POST /api/admin/donors/:id/merge',
  /**
   * Totals, windows, by type, average, last 12 months; `method=`, `campaign=` (a slug) narrow them.
   * @caller admin
   */
  paymentStats: 'GET /api/admin/payment-stats',
  /**
   * The spec's older address of the donor list: as `GET /api/admin/donors`.
   * @caller admin
   */
  legacyList: 'GET /api/donors',
} as const;
