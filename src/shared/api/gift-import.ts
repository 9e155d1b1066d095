/** The office's import of gifts from a spreadsheet (src/shared/route.ts). */
export const giftImportApi = {
  /**
   * `{fileName, text, mapping?, method?}`: a CSV of gifts received another way (1 MB, 2,000 rows at
   * most): each row's outcome and reason, the counts, the mapping (guessed when none is sent).
   * @caller admin
   */
  preview: 'POST /api/admin/gift-imports/preview',
  /**
   * The same and `mailReceipts?`: records the file's new gifts all or nothing (a row in error: 400,
   * messages under `rows.<line>`) → `201 {imported, skipped, receiptNumbers, mailed}`.
   * @caller admin
   */
  import: 'POST /api/admin/gift-imports',
} as const;
