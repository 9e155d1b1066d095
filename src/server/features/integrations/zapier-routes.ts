import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deliveriesQuery,
  deliveryIdParams,
  deliveryListing,
  resendFailedResult,
  successResult,
  webhookUrlInput,
  zapierSecret,
  zapierStatus,
} from '~/shared/schemas/integrations';
import { AppError } from '~/server/errors';
import { requireAdmin } from '~/server/plugins/admin-guard';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { recordAudit } from '~/server/services/audit/record-audit';
import {
  listDeliveries,
  resendDelivery,
  resendFailedDeliveries,
  sendTestEvent,
} from './delivery-log';
import { deliveryContext } from './integration-context';
import { saveWebhookUrl } from './save-webhook-url';
import { readEndpoint, rotateEndpointSecret } from './webhook-endpoint';
import { at } from '~/server/lib/route-at';
import { zapierApi } from '~/shared/api/integrations';

const iso = (d: Date | null) => d?.toISOString() ?? null;

const resendRefusals = {
  not_found: new AppError('not_found', 'No such delivery'),
  not_failed: new AppError('conflict', 'Only a failed delivery can be resent'),
  disabled: new AppError(
    'conflict',
    'The endpoint is disabled: save its URL to turn it back on first',
  ),
} as const;

/**
 * Spec 7's Zapier calls, admins only (outside /api/admin, so each route carries requireAdmin),
 * and the delivery log. Every change is audited.
 */
export const zapierRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const audit = (
    request: { adminUser: { id: string; username: string } | null; ip: string },
    details: Record<string, unknown>,
  ) =>
    recordAudit(db, {
      actor: request.adminUser,
      action: 'settings-change',
      target: 'zapier',
      details,
      ip: request.ip,
      at: app.clock(),
    });

  app.addHook('onRequest', requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.route({
    ...at(app, zapierApi.status),
    schema: { response: { 200: zapierStatus } },
    handler: async () => {
      const endpoint = await readEndpoint(db);
      const configured = Boolean(endpoint?.url);
      return {
        configured,
        webhookUrl: endpoint?.url ?? null,
        message: !configured
          ? 'No webhook URL is set: events are not sent to Zapier.'
          : endpoint!.enabled
            ? 'Events are sent to this webhook.'
            : 'Deliveries are stopped. Save the URL again to turn them back on.',
        enabled: Boolean(endpoint?.enabled),
        disabledAt: iso(endpoint?.disabledAt ?? null),
        disabledReason: endpoint?.disabledReason ?? null,
        previousSecretExpiresAt:
          endpoint?.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > app.clock()
            ? endpoint.previousSecretExpiresAt.toISOString()
            : null,
      };
    },
  });

  app.route({
    ...at(app, zapierApi.secret),
    schema: { response: { 200: zapierSecret } },
    handler: async () => {
      const endpoint = await readEndpoint(db);
      if (!endpoint?.secret) throw new AppError('not_found', 'Set the webhook URL first');
      return { secret: endpoint.secret };
    },
  });

  app.route({
    ...at(app, zapierApi.setWebhookUrl),
    schema: { body: webhookUrlInput, response: { 200: successResult } },
    handler: async (request) => {
      await saveWebhookUrl(
        db,
        request.body.url,
        deliveryContext(app).policy,
        auditContextOf(request, app.clock()),
      );
      return { success: true, message: 'Webhook URL saved. Events are sent to it.' };
    },
  });

  app.route({
    ...at(app, zapierApi.sendTest),
    schema: { response: { 200: successResult } },
    handler: async () => sendTestEvent(deliveryContext(app), app.siteConfig.product),
  });

  app.route({
    ...at(app, zapierApi.rotateSecret),
    schema: { response: { 200: zapierSecret } },
    handler: async (request) => {
      const endpoint = await rotateEndpointSecret(db, app.clock());
      if (!endpoint?.secret) throw new AppError('conflict', 'Set the webhook URL first');
      await audit(request, { secretRotated: true });
      return { secret: endpoint.secret };
    },
  });

  app.route({
    ...at(app, zapierApi.deliveries),
    schema: { querystring: deliveriesQuery, response: { 200: deliveryListing } },
    handler: async (request) => ({ deliveries: await listDeliveries(db, request.query) }),
  });

  app.route({
    ...at(app, zapierApi.resend),
    schema: { params: deliveryIdParams, response: { 200: successResult } },
    handler: async (request) => {
      const outcome = await resendDelivery(db, request.params.id, app.clock());
      if (outcome !== 'resent') throw resendRefusals[outcome];
      await audit(request, { resent: request.params.id });
      app.jobWorker.wake();
      return { success: true, message: 'The delivery is queued again.' };
    },
  });

  app.route({
    ...at(app, zapierApi.resendFailed),
    schema: { response: { 200: resendFailedResult } },
    handler: async (request) => {
      const endpoint = await readEndpoint(db);
      if (!endpoint?.enabled) throw resendRefusals.disabled;
      const resent = await resendFailedDeliveries(db, app.clock());
      await audit(request, { resentFailed: resent });
      app.jobWorker.wake();
      return { success: true, resent, message: `${resent} deliveries queued again.` };
    },
  });
};
