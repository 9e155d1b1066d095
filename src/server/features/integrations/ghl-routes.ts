import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ghlConnectionResult,
  ghlContactParams,
  ghlContactResult,
  ghlContactsQuery,
  ghlContactsResult,
} from '~/shared/schemas/integrations';
import { requireAdmin } from '~/server/plugins/admin-guard';
import { createGhlClient, ghlSettings, type GhlClient } from './ghl-client';
import { at } from '~/server/lib/route-at';
import { ghlApi } from '~/shared/api/integrations';

export const ghlNotConfiguredMessage =
  'GoHighLevel is not configured. Set GHL_TOKEN (a private integration token of the sub-account) and GHL_LOCATION_ID, then restart the site.';

function failureMessage(error: unknown) {
  return error instanceof Error ? error.message : 'GoHighLevel could not be reached';
}

/**
 * Spec 7's CRM calls for the dashboard, admins only (outside /api/admin, so each route carries
 * requireAdmin). GHL's own failures answer 200 with `success: false` and its reason: the tab
 * tells 'Connection Failed' (GHL said no) from 'Connection Error' (this site did not answer).
 */
export const ghlRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = ghlSettings(app.env);
  // One client for the process, so its rate-limit bookkeeping covers every admin call.
  const client: GhlClient | null = settings
    ? createGhlClient(settings, { maxWaitMs: 5_000 })
    : null;

  app.addHook('onRequest', requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.route({
    ...at(app, ghlApi.testConnection),
    schema: { response: { 200: ghlConnectionResult } },
    handler: async (request) => {
      if (!client) {
        return {
          success: false,
          configured: false,
          message: ghlNotConfiguredMessage,
          error: 'not_configured',
        };
      }
      try {
        const { total } = await client.listContacts(1);
        return {
          success: true,
          configured: true,
          message: `Connected to GoHighLevel: location ${settings!.locationId}, ${total} contact${total === 1 ? '' : 's'}.`,
          error: null,
        };
      } catch (error) {
        request.log.warn({ err: failureMessage(error) }, 'GoHighLevel connection test failed');
        return {
          success: false,
          configured: true,
          message: 'Could not connect to GoHighLevel.',
          error: failureMessage(error),
        };
      }
    },
  });

  app.route({
    ...at(app, ghlApi.contacts),
    schema: { querystring: ghlContactsQuery, response: { 200: ghlContactsResult } },
    handler: async (request) => {
      if (!client) return { success: false, contacts: [], message: ghlNotConfiguredMessage };
      try {
        const { contacts, total } = await client.listContacts(request.query.limit);
        return { success: true, contacts, message: `${contacts.length} of ${total} contacts.` };
      } catch (error) {
        return { success: false, contacts: [], message: failureMessage(error) };
      }
    },
  });

  app.route({
    ...at(app, ghlApi.contact),
    schema: { params: ghlContactParams, response: { 200: ghlContactResult } },
    handler: async (request) => {
      if (!client) return { success: false, contact: null, message: ghlNotConfiguredMessage };
      try {
        const contact = await client.findContactByEmail(request.params.email);
        return contact
          ? { success: true, contact, message: 'Contact found.' }
          : { success: false, contact: null, message: 'No contact found with that email address' };
      } catch (error) {
        return { success: false, contact: null, message: failureMessage(error) };
      }
    },
  });
};
