/** The office's donors, donor records and payment figures (src/shared/route.ts). */
export const adminDonorsApi = {
  list: 'GET /api/admin/donors',
  csv: 'GET /api/admin/donors.csv',
  records: 'GET /api/admin/donor-records',
  merge: 'POST /api/admin/donors/:id/merge',
  paymentStats: 'GET /api/admin/payment-stats',
  /** The spec's older address of the donor list. */
  legacyList: 'GET /api/donors',
} as const;
