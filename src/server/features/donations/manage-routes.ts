import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  manageGiftQuery,
  manageGiftResponse,
  portalSessionInput,
  portalSessionResponse,
} from '~/shared/schemas/manage-gift';
import { formRateLimit } from '~/server/plugins/rate-limit';
import type { PageForm } from '~/server/ssr/page-forms';
import type { DonationRouteOptions } from './context';
import { readManagedGift } from './find-managed-gift';
import { giftPortalForm } from './manage-page-data';
import { openPortalSession } from './open-portal-session';
import { at } from '~/server/lib/route-at';
import { donationsApi } from '~/shared/api/donations';

/**
 * A monthly donor's manage link (docs/payments.md, "Managing a monthly gift"): the gift it
 * names, and a Stripe customer-portal session to change the card or cancel. The token is the
 * only credential, so answers are never cached.
 */
export const stripeManageRoutes: FastifyPluginAsyncZod<DonationRouteOptions> = async (
  app,
  { contextFor },
) => {
  const limit = app.env.FORM_RATE_LIMIT;
  // Without JavaScript, the manage page's button posts to the page (manage-page-data.ts).
  app.pageForms.set('gift-portal', giftPortalForm(contextFor) as PageForm);

  app.route({
    ...at(app, donationsApi.manage),
    // Page loads and reloads: a looser limit than the form's.
    config: formRateLimit(limit * 3),
    schema: { querystring: manageGiftQuery, response: { 200: manageGiftResponse } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { gift: await readManagedGift(contextFor(request.log), request.query.token) };
    },
  });

  app.route({
    ...at(app, donationsApi.portalSession),
    config: formRateLimit(limit),
    schema: { body: portalSessionInput, response: { 200: portalSessionResponse } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return openPortalSession(contextFor(request.log), request.body.token);
    },
  });
};
