/** The office's pledges (src/shared/route.ts). */
export const pledgesApi = {
  list: 'GET /api/admin/pledges',
  create: 'POST /api/admin/pledges',
  update: 'PUT /api/admin/pledges/:id',
  remind: 'POST /api/admin/pledges/:id/remind',
  cancel: 'POST /api/admin/pledges/:id/cancel',
  pay: 'POST /api/admin/pledges/:id/pay',
} as const;
