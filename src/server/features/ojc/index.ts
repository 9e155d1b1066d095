/** OJC Fund charity-card gifts, once and monthly (this server charges each month). */
export { ojcRoutes } from './routes';
export { OJC_RENEWAL_JOB_KIND } from './monthly-gift';
export { ojcRenewalJobHandler } from './renewal-job';
export { loadOjcPaymentPageData } from './page-forms';
export { loadOjcGiftPageData } from './gift-page-data';
