import type { AdminTeamView } from '~/shared/schemas/campaign-teams';

/** An approved team as the office's API lists it, for the Teams panel's tests. */
export const teamFixture: AdminTeamView = {
  id: '6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7a31',
  slug: 'the-katz-family',
  name: 'The Katz Family',
  leaderName: 'Reuven Katz',
  leaderEmail: 'reuven.katz@example.org',
  goal: 1800,
  group: null,
  status: 'approved',
  raised: 0,
  donors: 0,
  createdAt: '2026-12-01T10:00:00.000Z',
};
