/** Card gifts through Stripe: setup, recording, webhooks, the manage link and verification. */
export { donationRoutes } from './routes';
export { loadDonatePageData } from './donate-page-data';
