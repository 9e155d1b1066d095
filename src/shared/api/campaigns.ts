/** Campaigns: the public snapshot and feed, the office's campaigns (src/shared/route.ts). */
export const campaignsApi = {
  snapshot: 'GET /api/campaigns/:slug',
  events: 'GET /api/campaigns/:slug/events',
  requestTeam: 'POST /api/campaigns/:slug/teams',
  team: 'GET /api/campaigns/:slug/teams/:team',
  list: 'GET /api/admin/campaigns',
  create: 'POST /api/admin/campaigns',
  update: 'PUT /api/admin/campaigns/:id',
  dedications: 'GET /api/admin/campaigns/:id/dedications',
  giftsCsv: 'GET /api/admin/campaigns/:id/gifts.csv',
  analytics: 'GET /api/admin/campaigns/:id/analytics',
  uploadPhoto: 'POST /api/admin/campaigns/:id/photo',
  thankYouReach: 'GET /api/admin/campaigns/:id/thank-you',
  sendThankYou: 'POST /api/admin/campaigns/:id/thank-you',
  teams: 'GET /api/admin/campaigns/:id/teams',
  createTeam: 'POST /api/admin/campaigns/:id/teams',
  updateTeam: 'PUT /api/admin/campaigns/:id/teams/:teamId',
} as const;
