/** The /join form: applications, which make pending members. */
export { membershipRoutes } from './routes';
