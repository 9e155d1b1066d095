/** A donor's own giving and the office's statements (src/shared/route.ts). */
export const myGivingApi = {
  requestLink: 'POST /api/my-giving/link',
  giving: 'GET /api/my-giving',
  signOut: 'POST /api/my-giving/sign-out',
  erasure: 'POST /api/my-giving/erasure',
  wall: 'POST /api/my-giving/wall',
  export: 'GET /api/my-giving/export.json',
  receipt: 'GET /api/my-giving/receipts/:id/receipt.pdf',
  statement: 'GET /api/my-giving/statements/:year/statement.pdf',
  // The office's.
  statements: 'GET /api/admin/statements',
  statementsCsv: 'GET /api/admin/statements.csv',
  statementPreview: 'GET /api/admin/statements/preview.pdf',
  sendStatements: 'POST /api/admin/statements/send',
  erasureRequests: 'GET /api/admin/erasure-requests',
  answerErasureRequest: 'POST /api/admin/erasure-requests/:id',
} as const;
