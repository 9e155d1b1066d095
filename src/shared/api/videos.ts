/** Videos and their comments, public and the office's (src/shared/route.ts). */
export const videosApi = {
  /**
   * Published videos, newest first (`limit`, `offset`).
   * @caller public
   */
  list: 'GET /api/videos',
  /**
   * A published video's approved comments (never an email).
   * @caller public
   */
  comments: 'GET /api/videos/:id/comments',
  /**
   * `{authorName, authorEmail, comment}`: stored for review, the office is mailed.
   * @caller public
   */
  postComment: 'POST /api/videos/:id/comments',
  /**
   * Videos, drafts too.
   * @caller admin
   */
  adminList: 'GET /api/admin/videos',
  /**
   * Add a video (JSON, or multipart with files), publish.
   * @caller admin
   */
  create: 'POST /api/admin/videos',
  /**
   * Edit a video (JSON, or multipart with files), publish.
   * @caller admin
   */
  update: 'PUT /api/admin/videos/:id',
  /**
   * Delete a video (with its files).
   * @caller admin
   */
  remove: 'DELETE /api/admin/videos/:id',
  /**
   * Comments pending review (or approved: `?status=`).
   * @caller admin
   */
  adminComments: 'GET /api/admin/comments',
  /**
   * Approve a comment.
   * @caller admin
   */
  approveComment: 'PUT /api/admin/comments/:id/approve',
  /**
   * Delete a comment.
   * @caller admin
   */
  removeComment: 'DELETE /api/admin/comments/:id',
} as const;
