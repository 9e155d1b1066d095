/** The contact form. */
export { contactRoutes } from './routes';
