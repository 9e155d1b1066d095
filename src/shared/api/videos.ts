/** Videos and their comments, public and the office's (src/shared/route.ts). */
export const videosApi = {
  list: 'GET /api/videos',
  comments: 'GET /api/videos/:id/comments',
  postComment: 'POST /api/videos/:id/comments',
  adminList: 'GET /api/admin/videos',
  create: 'POST /api/admin/videos',
  update: 'PUT /api/admin/videos/:id',
  remove: 'DELETE /api/admin/videos/:id',
  adminComments: 'GET /api/admin/comments',
  approveComment: 'PUT /api/admin/comments/:id/approve',
  removeComment: 'DELETE /api/admin/comments/:id',
} as const;
