/** 'My giving': a donor's own page by emailed link, their receipts and statements. */
export { myGivingRoutes } from './routes';
export { loadMyGivingPageData } from './page-data';
export { givingLinkContext, givingLinkRequests, sendGivingLink } from './giving-link';
export { statementPdfOf } from './giving-documents';
export { statementPdfUrl } from './statement-link';
export { ERASED_MARK_PREFIX } from './erased-mark';
export { eraseDonor } from './erase-donor';
export { erasureBlocker } from './find-erasure-blocker';
