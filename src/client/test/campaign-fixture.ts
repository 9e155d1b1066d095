import type { CampaignView } from '~/shared/schemas/campaigns';

/** A published one-day campaign as the office's API lists it, for the panels that filter by one. */
export const campaignFixture: CampaignView = {
  id: '6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7a11',
  slug: 'roof-day',
  title: 'Roof Day',
  story: '',
  goal: 36_000,
  bonusGoals: [],
  startsAt: '2026-12-11T01:00:00.000Z',
  endsAt: '2026-12-12T01:00:00.000Z',
  openUntil: null,
  recurringMonths: 12,
  pauseForShabbat: true,
  fund: null,
  offlineGiftsMatched: true,
  ambassadorMailShowsAmount: false,
  embedOrigins: [],
  shareText: null,
  status: 'published',
  matchers: [],
  computedEndsAt: '2026-12-12T01:00:00.000Z',
  computedOpenUntil: null,
  pauses: [],
};
