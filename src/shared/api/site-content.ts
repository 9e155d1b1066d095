/** The site's editable content: the public whole and the office's draft (src/shared/route.ts). */
export const siteContentApi = {
  /**
   * The public content whole (a page carries only the sections it shows; the browser asks for the
   * rest, ADR 042).
   * @caller public
   */
  published: 'GET /api/site-content',
  /**
   * The editor's state (draft, history, fixed facts).
   * @caller admin
   */
  draft: 'GET /api/admin/site-content',
  /**
   * `{revision, value}`: one section into the draft.
   * @caller admin
   */
  saveSection: 'PUT /api/admin/site-content/draft/:section',
  /**
   * Discard the draft.
   * @caller admin
   */
  discard: 'POST /api/admin/site-content/discard',
  /**
   * Publish the draft (`{revision}`).
   * @caller admin
   */
  publish: 'POST /api/admin/site-content/publish',
  /**
   * Publish a copy of an earlier version.
   * @caller admin
   */
  restore: 'POST /api/admin/site-content/restore/:id',
} as const;
