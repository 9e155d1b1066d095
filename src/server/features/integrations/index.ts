/** GoHighLevel and Zapier: their admin routes and the outbox jobs that deliver announcements. */
export { ghlRoutes } from './ghl-routes';
export { zapierRoutes } from './zapier-routes';
export { integrationJobHandlers, recordGhlConfiguration } from './integration-context';
