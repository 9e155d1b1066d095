/** The newsletter's double opt-in and unsubscribe. */
export { newsletterRoutes } from './routes';
export { loadNewsletterConfirmPageData } from './page-data';
