import type { CampaignView } from './campaign-view';

/**
 * A live campaign as the snapshot gives it: for the components' tests and for the page until the
 * server's snapshot is wired in. Its clock is fixed: `fixtureNow` is ten hours before the end.
 */
export const fixtureNow = '2026-12-09T13:00:00.000Z';

export const campaignFixture: CampaignView = {
  slug: 'giving-day-2026',
  title: 'Giving Day for the Tziyun',
  version: 41,
  state: 'live',
  goal: 100_000,
  raised: 48_250,
  matched: 40_000,
  pending: 1_200,
  donors: 312,
  startsAt: '2026-12-08T17:00:00.000Z',
  endsAt: '2026-12-09T23:00:00.000Z',
  resumesAt: null,
  openUntil: '2026-12-11T05:00:00.000Z',
  pauses: [],
  bonusGoals: [150_000, 200_000],
  recurringMonths: 12,
  story:
    'For **thirty-six hours** the whole community gives together.\n\nEvery gift is matched, and every name is read at the tziyun.',
  fund: 'the new roof over the tziyun',
  matchers: [
    { name: 'The Klein Family', ratio: 1, cap: 25_000, used: 25_000 },
    { name: 'Friends of the Tziyun', ratio: 2, cap: 30_000, used: 15_000 },
  ],
  wall: [
    {
      id: 'g5',
      name: 'Rivka Levy',
      amount: 180,
      dedication: { kind: 'honor', name: 'Moshe ben Sarah' },
      monthly: null,
      released: null,
      refunded: null,
      at: '2026-12-09T12:58:00.000Z',
    },
    {
      id: 'g4',
      name: 'Anonymous',
      amount: null,
      dedication: null,
      monthly: null,
      released: null,
      refunded: null,
      at: '2026-12-09T12:55:00.000Z',
    },
    {
      id: 'g3',
      name: 'D. K.',
      amount: 36,
      dedication: { kind: 'memory', name: 'Yaakov ben Leah' },
      monthly: { amount: 36, months: 12 },
      released: null,
      refunded: null,
      at: '2026-12-09T12:40:00.000Z',
    },
    {
      id: 'g2',
      name: 'Chaim Berger',
      amount: 500,
      dedication: null,
      monthly: null,
      released: 'refunded',
      refunded: null,
      at: '2026-12-09T11:02:00.000Z',
    },
  ],
  teams: [
    {
      slug: 'katz-family',
      name: 'The Katz Family',
      group: 'Beth Medrash Gavoha',
      goal: 5_000,
      raised: 3_600,
      donors: 21,
    },
    {
      slug: 'yeshiva-class-b',
      name: 'Yeshiva Class B',
      group: null,
      goal: 2_000,
      raised: 1_800,
      donors: 30,
    },
  ],
  groups: [{ name: 'Beth Medrash Gavoha', raised: 3_600, donors: 21, teams: 1 }],
};
