/** 'My giving': a donor's own page by emailed link, their receipts and statements (issue 17). */
export { myGivingRoutes } from './routes';
export { loadMyGivingPageData } from './page';
