import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '~/server/errors';
import { countDecline } from '~/server/plugins/global-rate-limit';
import type { DonationRouteOptions } from './context';
import { readableApiVersions } from './event-versions';
import { STRIPE_API_VERSION } from './stripe-client';
import { processStripeEvent } from './stripe-events';
import { at } from '~/server/lib/route-at';
import { donationsApi } from '~/shared/api/donations';

/** Stripe's events can be larger than the API's 64 KiB form limit. */
const webhookBodyLimit = 1024 * 1024;

/** How far a signature's time may be from the app's clock, in seconds, either way. */
const signatureToleranceSeconds = Stripe.webhooks.DEFAULT_TOLERANCE;

/**
 * The time a `stripe-signature` header was signed at: its `t=` (the last one, as the SDK reads
 * it), or null without one. The SDK refuses a signature older than the tolerance, but not one
 * dated later than now: a signature made (or leaked) ahead of time would stay good until then.
 */
function signedAt(header: string): number | null {
  let at: number | null = null;
  for (const part of header.split(',')) {
    const [key, value] = part.split('=');
    if (key === 't' && value !== undefined) at = Number.parseInt(value, 10);
  }
  return at !== null && Number.isFinite(at) ? at : null;
}

/**
 * `POST /api/stripe/webhook`. Thin on purpose: check the signature on the raw bytes (and its
 * time, both ways), then hand the event to its handler (stripe-events.ts). Unknown types and
 * redeliveries get 200; a handled type in an API version the code does not read gets 503, a
 * handler that fails 500, and Stripe retries either with backoff for up to three days.
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

  app.route({
    ...at(app, donationsApi.webhook),
    bodyLimit: webhookBodyLimit,
    schema: { response: { 200: z.object({ received: z.literal(true) }) } },
    handler: async (request) => {
      const ctx = contextFor(request.log);
      const secret = ctx.settings.webhookSecret;
      if (!secret)
        throw new AppError('unavailable', 'Stripe webhooks are not configured on this site.');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new AppError('bad_request', 'Missing Stripe signature.');
      }
      const refuse = (reason: string) => {
        request.log.warn({ reason }, 'Stripe webhook with a bad signature refused');
        return new AppError('bad_request', 'Invalid signature.');
      };
      const nowMs = ctx.clock().getTime();
      let event: Stripe.Event;
      try {
        event = ctx.stripe.webhooks.constructEvent(
          request.body,
          signature,
          secret,
          signatureToleranceSeconds,
          undefined,
          nowMs,
        );
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
        throw refuse(error.message);
      }
      const at = signedAt(signature);
      if (at === null || at > Math.floor(nowMs / 1000) + signatureToleranceSeconds) {
        throw refuse('Timestamp in the future, outside the tolerance zone');
      }
      const outcome = await processStripeEvent(ctx, event);
      if (outcome === 'unreadable') {
        // Not stored: Stripe retries it for three days. Events already sent keep their version,
        // so those refused meanwhile are named here for the office to verify.
        request.log.error(
          {
            event: event.id,
            type: event.type,
            apiVersion: event.api_version,
            readable: readableApiVersions,
          },
          `Stripe event in an API version this site does not read: set the webhook endpoint's API version to ${STRIPE_API_VERSION}`,
        );
        throw new AppError(
          'unavailable',
          `This endpoint reads Stripe API version ${STRIPE_API_VERSION}; the event is ${event.api_version ?? 'unversioned'}.`,
        );
      }
      request.log.info({ event: event.id, type: event.type, outcome }, 'Stripe event');
      if (outcome === 'applied') app.jobWorker.wake();
      // Each declined attempt once (a redelivery is a duplicate): card testing raises them.
      if (outcome === 'applied' && event.type === 'payment_intent.payment_failed') {
        await countDecline(app);
      }
      return { received: true as const };
    },
  });
};
