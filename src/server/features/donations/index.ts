/** Card gifts through Stripe: setup, recording, webhooks, the manage link and verification. */
export { donationRoutes } from './routes';
export { loadCheckoutPageData, loadDonatePageData } from './donate-page-data';
export { loadManageGiftPageData } from './manage-page-data';
export { donationContextOf } from './context';
export { currentSubscriptionState } from './find-managed-gift';
