/** 'My giving': a donor's own page by emailed link, their receipts and statements. */
export { myGivingRoutes } from './routes';
export { loadMyGivingPageData } from './page';
export {
  scheduleYearEndStatements,
  YEAR_END_STATEMENTS_JOB_KIND,
  yearEndStatementsJobHandler,
} from './year-end-statements';
export { adminStatementRoutes } from './admin-routes';
export { givingLinkContext, givingLinkRequests, sendGivingLink } from './giving-link';
