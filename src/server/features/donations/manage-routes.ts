import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  manageGiftQuery,
  manageGiftResponse,
  portalSessionInput,
  portalSessionResponse,
} from '~/shared/schemas/manage-gift';
import { formRateLimit } from '../../plugins/rate-limit';
import type { DonationContext, DonationRouteOptions } from './context';
import { findManagedGift } from './find-managed-gift';
import { openPortalSession } from './open-portal-session';
import { serializeManagedGift } from './serialize-managed-gift';
import { stripeErrorFields } from './stripe-client';

/**
 * The subscription's state as Stripe has it now: our row follows Stripe's webhook events, which
 * may not have arrived yet when a donor opens the link in the first receipt. Without Stripe, the
 * stored state.
 */
async function liveState(ctx: DonationContext, subscriptionId: string) {
  try {
    const live = await ctx.stripe.subscriptions.retrieve(subscriptionId);
    return { status: live.status, cancelAtPeriodEnd: live.cancel_at_period_end };
  } catch (error) {
    ctx.log.warn(stripeErrorFields(error), 'reading a subscription for its manage page failed');
    return {};
  }
}

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

  app.get(
    '/stripe/manage',
    {
      // Page loads and reloads: a looser limit than the form's.
      config: formRateLimit(limit * 3),
      schema: { querystring: manageGiftQuery, response: { 200: manageGiftResponse } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const ctx = contextFor(request.log);
      const gift = await findManagedGift(ctx, request.query.token);
      return { gift: serializeManagedGift({ ...gift, ...(await liveState(ctx, gift.id)) }) };
    },
  );

  app.post(
    '/stripe/portal-session',
    {
      config: formRateLimit(limit),
      schema: { body: portalSessionInput, response: { 200: portalSessionResponse } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return openPortalSession(contextFor(request.log), request.body.token);
    },
  );
};
