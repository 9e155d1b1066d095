import { campaignsApi } from '~/shared/api/campaigns';
import { urlOf } from '~/shared/route';
import type { AdminTeamView } from '~/shared/schemas/campaign-teams';
import type { CampaignView } from '~/shared/schemas/campaigns';
import { openAdminPanel, type ApiRoutes } from '~/client/test/component-test-kit';
import { TeamsPanel } from './teams-panel';

/** What the Teams panel reads of its campaign. */
const teamsCampaign = {
  id: '6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7a11',
  slug: 'chai-day',
  title: 'Chai Day',
} as CampaignView;

/** The campaign's teams in the office's API: the list, and what is added to it. */
export const teamsPath = urlOf(campaignsApi.teams, { params: { id: teamsCampaign.id } });

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

/** The campaign's Teams panel, opened in a confirmed session, the API answering `routes`. */
export function openTeamsPanel(routes: ApiRoutes) {
  return openAdminPanel(<TeamsPanel campaign={teamsCampaign} onClose={() => {}} />, routes);
}
