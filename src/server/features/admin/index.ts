/** Administrators: sign-in, sessions, owners' management of admins, the outbox's jobs, the CLI. */
export { adminAuthRoutes } from './auth-routes';
export { adminJobRoutes } from './job-routes';
export { adminOwnerRoutes } from './user-routes';
export { runAdminCli } from './admin-cli';
