import type { CampaignSnapshot } from '~/shared/schemas/campaigns';

/**
 * The campaign's snapshot as the page reads it: the contract of `GET /api/campaigns/:slug`, of
 * each message of its event stream and of the page's server data. Money is in dollars; instants
 * are ISO 8601 strings.
 */
export type CampaignView = CampaignSnapshot;
export type CampaignState = CampaignView['state'];
export type CampaignMatcher = CampaignView['matchers'][number];
export type WallEntry = CampaignView['wall'][number];
export type MatchRelease = NonNullable<WallEntry['released']>;
