/** The newsletter's double opt-in and unsubscribe. */
export { newsletterRoutes, newsletterSuccessMessage } from './routes';
export { loadNewsletterConfirmPageData } from './page-data';
