/** A donor's own giving (src/shared/route.ts). */
export const myGivingApi = {
  /**
   * `{email}`: mails a single-use link to 'My giving' if a gift or membership has the address.
   * @caller public
   */
  requestLink: 'POST /api/my-giving/link',
  /**
   * The donor's gifts, monthly gifts, memberships and years (the link's cookie session).
   * @caller donor-link
   */
  giving: 'GET /api/my-giving',
  /**
   * Ends the donor's My giving session on the server (a kept cookie opens nothing after).
   * @caller donor-link
   */
  signOut: 'POST /api/my-giving/sign-out',
  /**
   * `{confirm}`: asks the office to erase the donor.
   * @caller donor-link
   */
  erasure: 'POST /api/my-giving/erasure',
  /**
   * `{gift, wall}`: the donor changes how one of their own campaign gifts shows on its wall (full,
   * name, initials, anonymous, hidden); audited, the wall follows.
   * @caller donor-link
   */
  wall: 'POST /api/my-giving/wall',
  /**
   * Everything the site holds on the donor.
   * @caller donor-link
   */
  export: 'GET /api/my-giving/export.json',
  /**
   * A gift's receipt as PDF (the session, or `?token=` from the receipt mail).
   * @caller donor-link
   */
  receipt: 'GET /api/my-giving/receipts/:id/receipt.pdf',
  /**
   * The year's statement as PDF (the session, or `?token=` from January's mail).
   * @caller donor-link
   */
  statement: 'GET /api/my-giving/statements/:year/statement.pdf',
} as const;
