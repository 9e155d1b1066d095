/**
 * Administrators: sign-in (with its second step and Account Security, registered inside
 * `adminAuthRoutes`), sessions, owners' management of admins and the security policy (inside
 * `adminOwnerRoutes`), the outbox's jobs, the CLI.
 */
export { adminAuthRoutes } from './auth-routes';
export { adminJobRoutes } from './job-routes';
export { adminOwnerRoutes } from './user-routes';
export { runAdminCli } from './admin-cli';
