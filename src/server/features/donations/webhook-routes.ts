import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { DonationRouteOptions } from './context';
import { processStripeEvent } from './stripe-events';

/** Stripe's events can be larger than the API's 64 KiB form limit. */
const webhookBodyLimit = 1024 * 1024;

/**
 * `POST /api/stripe/webhook`. Thin on purpose: check the signature on the raw bytes, then hand
 * the event to its handler (stripe-events.ts). Unknown types and redeliveries get 200; a
 * handler that fails gets 500, and Stripe retries with backoff for up to three days.
 */
export const stripeWebhookRoute: FastifyPluginAsyncZod<DonationRouteOptions> = async (
  app,
  { contextFor },
) => {
  // This context alone keeps the body as bytes: the signature is over them, and a parsed and
  // re-serialised body would not match.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: webhookBodyLimit },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/stripe/webhook',
    {
      bodyLimit: webhookBodyLimit,
      schema: { response: { 200: z.object({ received: z.literal(true) }) } },
    },
    async (request) => {
      const ctx = contextFor(request.log);
      const secret = ctx.settings.webhookSecret;
      if (!secret)
        throw new AppError('unavailable', 'Stripe webhooks are not configured on this site.');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new AppError('bad_request', 'Missing Stripe signature.');
      }
      let event: Stripe.Event;
      try {
        event = ctx.stripe.webhooks.constructEvent(
          request.body,
          signature,
          secret,
          undefined,
          undefined,
          ctx.clock().getTime(),
        );
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
        request.log.warn({ reason: error.message }, 'Stripe webhook with a bad signature refused');
        throw new AppError('bad_request', 'Invalid signature.');
      }
      const outcome = await processStripeEvent(ctx, event);
      request.log.info({ event: event.id, type: event.type, outcome }, 'Stripe event');
      if (outcome === 'applied') app.jobWorker.wake();
      return { received: true as const };
    },
  );
};
