/** The office's inbox: contact messages, membership applications, newsletter subscribers. */
export { adminInboxRoutes } from './routes';
