/** Campaigns (ADR 054): the office's campaigns, the matching rule, the public snapshot. */
export { adminCampaignRoutes } from './admin-routes';
export { publicCampaignRoutes } from './public-routes';
export { campaignShareRoutes } from './share-routes';
export {
  campaignForGift,
  campaignForOfficeGift,
  campaignNamed,
  teamForGift,
  teamForOfficeGift,
  teamNamed,
} from './gift-campaign';
export { lockCampaigns, settleCampaignGift, settleEndedPlan, touchCampaign } from './settle-gift';
export { loadCampaignPageData } from './page-data';
export { storedPhotoNames } from './stored-photo';
export { loadCampaignTeamPageData } from './team-page-data';
export { loadCampaignEmbedData, loadCampaignScreenData } from './screen-page-data';
export {
  AMBASSADOR_MAIL_JOB_KIND,
  ambassadorMailDeps,
  ambassadorMailJobHandler,
} from './ambassador-mail';
export { loadCampaignTeamListPageData } from './team-list-page-data';
export { isDonorOptedOut, listCampaignOptOuts, recordCampaignOptOut } from './opt-out';
export { loadCampaignOptOutPageData } from './opt-out-page-data';
export { slugsOfCampaignPath } from './campaign-paths';
