/** The office's ledger of cheques, cash and vouchers (src/shared/route.ts). */
export const offlineGiftsApi = {
  /**
   * The latest 50 gifts the office recorded, newest received first, voided ones marked → `{gifts}`.
   * @caller admin
   */
  list: 'GET /api/admin/offline-gifts',
  /**
   * `{name, email, address, amount, method, receivedOn, reference, dedication, note,
   * confirmDuplicate?, campaign?, team?, wall?}`: a gift received another way (cheque, cash,
   * transfer, fund grant, charity card by phone) → `201 {gift}` with its receipt number; `team`, an
   * approved team's slug of `campaign`, credits it (400 on `team` for another campaign's, one not
   * approved, or one without a campaign).
   * @caller admin
   */
  create: 'POST /api/admin/offline-gifts',
  /**
   * The same fields as recording, plus `reason`: corrects the gift (audited with old and new
   * values); a donor whose receipt went out gets a corrected receipt with the same number →
   * `{gift}`; `404` unknown, `409` void.
   * @caller admin
   */
  update: 'PUT /api/admin/offline-gifts/:id',
  /**
   * `{reason, donorNote?}`: the gift counts nowhere any more and keeps its receipt number; a donor
   * whose receipt went out is told it is void → `{gift}`; `404` unknown, `409` already void.
   * @caller admin
   */
  void: 'POST /api/admin/offline-gifts/:id/void',
  /**
   * A campaign gift (recorded with `campaign`, a published campaign's slug, and `wall`) is pending
   * until this: received, numbered, matched if its campaign matches offline gifts, receipt mailed;
   * audited → `{gift}`; `409` if received or void.
   * @caller admin
   */
  clear: 'POST /api/admin/offline-gifts/:id/clear',
  /**
   * That photo (`image/jpeg` or `image/png`, `cache-control: no-store`), to a signed-in
   * administrator only; no public route serves it; `404` when there is none.
   * @caller admin
   */
  photo: 'GET /api/admin/offline-gifts/:id/photo',
  /**
   * Multipart `file` (JPEG, PNG, WebP; Site Content's size limit): the cheque's or voucher's photo,
   * metadata stripped, kept privately with the gift, replacing any earlier one; audited → `204`;
   * `400`/`413`/`415` on `file`, `404` unknown.
   * @caller admin
   */
  uploadPhoto: 'POST /api/admin/offline-gifts/:id/photo',
} as const;
