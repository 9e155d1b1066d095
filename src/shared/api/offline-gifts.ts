/** The office's ledger of cheques, cash and vouchers (src/shared/route.ts). */
export const offlineGiftsApi = {
  list: 'GET /api/admin/offline-gifts',
  create: 'POST /api/admin/offline-gifts',
  update: 'PUT /api/admin/offline-gifts/:id',
  void: 'POST /api/admin/offline-gifts/:id/void',
  clear: 'POST /api/admin/offline-gifts/:id/clear',
  photo: 'GET /api/admin/offline-gifts/:id/photo',
  uploadPhoto: 'POST /api/admin/offline-gifts/:id/photo',
} as const;
