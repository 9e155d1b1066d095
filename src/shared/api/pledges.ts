/** The office's pledges (src/shared/route.ts). */
export const pledgesApi = {
  /**
   * Pledges, open first by expected date (overdue marked).
   * @caller admin
   */
  list: 'GET /api/admin/pledges',
  /**
   * Record a pledge `{name, email, address, amount, expectedOn, campaign, note}`.
   * @caller admin
   */
  create: 'POST /api/admin/pledges',
  /**
   * Edit an open pledge.
   * @caller admin
   */
  update: 'PUT /api/admin/pledges/:id',
  /**
   * Mail the donor a kind reminder (refused without email, or within 7 days of the last).
   * @caller admin
   */
  remind: 'POST /api/admin/pledges/:id/remind',
  /**
   * Cancel a pledge `{reason}`.
   * @caller admin
   */
  cancel: 'POST /api/admin/pledges/:id/cancel',
  /**
   * `{amount, method, receivedOn, reference, confirmDuplicate?}`: the payment as a gift received →
   * `201 {pledge, gift, rest}`; a part leaves `rest` open.
   * @caller admin
   */
  pay: 'POST /api/admin/pledges/:id/pay',
} as const;
