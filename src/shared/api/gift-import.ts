/** The office's import of gifts from a spreadsheet (src/shared/route.ts). */
export const giftImportApi = {
  preview: 'POST /api/admin/gift-imports/preview',
  import: 'POST /api/admin/gift-imports',
} as const;
