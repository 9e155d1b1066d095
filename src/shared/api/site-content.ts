/** The site's editable content: the public whole and the office's draft (src/shared/route.ts). */
export const siteContentApi = {
  published: 'GET /api/site-content',
  draft: 'GET /api/admin/site-content',
  saveSection: 'PUT /api/admin/site-content/draft/:section',
  discard: 'POST /api/admin/site-content/discard',
  publish: 'POST /api/admin/site-content/publish',
  restore: 'POST /api/admin/site-content/restore/:id',
} as const;
