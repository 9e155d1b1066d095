/** The contact form. */
export { contactRoutes, contactSuccessMessage } from './routes';
