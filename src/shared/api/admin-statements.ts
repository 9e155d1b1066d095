/** The office's year-end statements and donors' requests to be forgotten (src/shared/route.ts). */
export const adminStatementsApi = {
  /**
   * A year's statements (`?year=`): donors, totals, sends.
   * @caller admin
   */
  statements: 'GET /api/admin/statements',
  /**
   * A year's statements (`?year=`): CSV of totals.
   * @caller admin
   */
  statementsCsv: 'GET /api/admin/statements.csv',
  /**
   * One statement as PDF (`?year=&email=`).
   * @caller admin
   */
  statementPreview: 'GET /api/admin/statements/preview.pdf',
  /**
   * `{year, email?, again?}`: mail a year's statements (or one donor's), or send them again.
   * @caller admin
   */
  sendStatements: 'POST /api/admin/statements/send',
  /**
   * Donors' requests to be forgotten.
   * @caller admin
   */
  erasureRequests: 'GET /api/admin/erasure-requests',
  /**
   * `{decision}`: erase or decline a donor's request to be forgotten.
   * @caller admin
   */
  answerErasureRequest: 'POST /api/admin/erasure-requests/:id',
} as const;
