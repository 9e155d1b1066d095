/** The Members tab: members by tier and status, and their CSV. */
export { adminMemberRoutes } from './routes';
