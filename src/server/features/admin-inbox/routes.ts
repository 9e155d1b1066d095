import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationIdParams,
  applicationListing,
  applicationsQuery,
  applicationUpdateInput,
  applicationView,
  messageIdParams,
  messageListing,
  messagesQuery,
  messageUpdateInput,
  messageView,
  subscriberListing,
  subscribersCsvQuery,
  subscribersQuery,
} from '~/shared/schemas/admin-inbox';
import { sendCsv } from '~/server/lib/csv';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { recordAudit } from '~/server/services/audit/record-audit';
import { listApplications } from './list-applications';
import { listMessages } from './list-messages';
import { listSubscribers } from './list-subscribers';
import { setMessageStatus } from './set-message-status';
import { subscribersCsv } from './subscribers-csv';
import { updateApplication } from './update-application';
import { at } from '~/server/lib/route-at';
import { adminInboxApi } from '~/shared/api/admin-inbox';

/** The office's inbox: contact messages, membership applications and newsletter subscribers. */
export const adminInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...at(app, adminInboxApi.contactMessages),
    schema: { querystring: messagesQuery, response: { 200: messageListing } },
    handler: async ({ query: { status, ...page } }) => listMessages(db, status, page),
  });

  app.route({
    ...at(app, adminInboxApi.updateContactMessage),
    schema: { params: messageIdParams, body: messageUpdateInput, response: { 200: messageView } },
    handler: async (request) =>
      setMessageStatus(
        db,
        request.params.id,
        request.body.status,
        auditContextOf(request, app.clock()),
      ),
  });

  app.route({
    ...at(app, adminInboxApi.applications),
    schema: { querystring: applicationsQuery, response: { 200: applicationListing } },
    handler: async ({ query: { status, ...page } }) => listApplications(db, status, page),
  });

  app.route({
    ...at(app, adminInboxApi.updateApplication),
    schema: {
      params: applicationIdParams,
      body: applicationUpdateInput,
      response: { 200: applicationView },
    },
    handler: async (request) =>
      updateApplication(db, request.params.id, request.body, auditContextOf(request, app.clock())),
  });

  app.route({
    ...at(app, adminInboxApi.subscribers),
    schema: { querystring: subscribersQuery, response: { 200: subscriberListing } },
    handler: async ({ query: { status, ...page } }) => listSubscribers(db, status, page),
  });

  app.route({
    ...at(app, adminInboxApi.subscribersCsv),
    schema: { querystring: subscribersCsvQuery },
    handler: async (request, reply) => {
      const { status } = request.query;
      const now = app.clock();
      await recordAudit(db, {
        actor: request.adminUser,
        action: 'export',
        target: 'newsletter-subscribers',
        details: { status: status ?? 'all' },
        ip: request.ip,
        at: now,
      });
      const filename = `newsletter-subscribers-${now.toISOString().slice(0, 10)}.csv`;
      return sendCsv(reply, filename, subscribersCsv(db, status));
    },
  });
};
