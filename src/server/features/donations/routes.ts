import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientSecretResponse,
  donationSetupInput,
  type DonationSetupInput,
  minDonationDollars,
  recordDonationInput,
  recordDonationResponse,
  stripeConfigResponse,
  stripeVerifyParams,
  stripeVerifyResponse,
} from '~/shared/schemas/donations';
import { donationFee } from '~/server/env';
import { AppError } from '~/server/errors';
import { requireAdmin } from '~/server/plugins/admin-guard';
import { formRateLimit, PAYMENT_SETUP_GROUP } from '~/server/plugins/rate-limit';
import type { DonationContext } from './context';
import { createPaymentIntent } from './create-payment-intent';
import { createSubscription } from './create-subscription';
import type { GiftSetup } from './donation-metadata';
import { campaignForGift, teamForGift } from '~/server/features/campaigns';
import { globalRateLimit } from '~/server/plugins/global-rate-limit';
import { stripeManageRoutes } from './manage-routes';
import { recordDonation } from './record-donation';
import { serializeDonation } from './serialize-donation';
import { donationContexts } from './context';
import { STRIPE_API_VERSION, stripeSettings } from './stripe-client';
import { verifyPayment } from './verify-payment';
import { stripeWebhookRoute } from './webhook-routes';
import { at } from '~/server/lib/route-at';
import { donationsApi } from '~/shared/api/donations';

/**
 * Card payments through Stripe (docs/payments.md): setting up one-time and monthly gifts,
 * recording what Stripe confirms, the webhook, the diagnostic config, the admin's verify, and
 * the monthly donor's manage link (manage-routes.ts).
 */
export const donationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { env } = app;
  const settings = stripeSettings(env);
  const fee = donationFee(env);
  const contextFor = donationContexts(app);

  const setup = {
    config: formRateLimit(env.DONATION_RATE_LIMIT, PAYMENT_SETUP_GROUP),
    preHandler: globalRateLimit(app, 'stripe-payment-setup'),
    schema: {
      body: donationSetupInput(env.DONATION_MAX_DOLLARS),
      response: { 200: clientSecretResponse },
    },
  };
  /**
   * A filled honeypot is a bot: it gets an answer shaped like a real one and Stripe is never
   * called, so card testers learn nothing and cost nothing.
   */
  async function setUp(
    create: (ctx: DonationContext, input: GiftSetup) => Promise<{ clientSecret: string }>,
    { website, ...input }: DonationSetupInput,
    log: FastifyBaseLogger,
  ) {
    if (website) {
      log.info('honeypot filled: payment setup dropped');
      const fake = () => randomBytes(12).toString('hex');
      return { clientSecret: `pi_${fake()}_secret_${fake()}` };
    }
    const ctx = contextFor(log);
    const campaignId = await campaignForGift(ctx.db, input.campaign, ctx.clock(), ctx.place);
    const teamId = await teamForGift(ctx.db, campaignId, input.team);
    return create(ctx, { ...input, campaignId, teamId });
  }
  app.route({
    ...at(app, donationsApi.createPaymentIntent),
    ...setup,
    handler: async (request) => setUp(createPaymentIntent, request.body, request.log),
  });
  app.route({
    ...at(app, donationsApi.createSubscription),
    ...setup,
    handler: async (request) => setUp(createSubscription, request.body, request.log),
  });

  app.route({
    ...at(app, donationsApi.recordDonation),
    config: formRateLimit(env.FORM_RATE_LIMIT),
    schema: { body: recordDonationInput, response: { 200: recordDonationResponse } },
    handler: async (request) => {
      const ctx = contextFor(request.log);
      const { body } = request;
      if (body.paymentMethod === 'ojc') {
        throw new AppError('bad_request', 'OJC gifts are recorded by the OJC payment flow.');
      }
      const donation = await recordDonation(ctx, {
        stripePaymentId: body.stripePaymentId,
        donor: { name: body.name, email: body.email },
        claimedAmountCents: body.amount ?? null,
      });
      app.jobWorker.wake();
      return { success: true, donation: serializeDonation(donation) };
    },
  });

  app.route({
    ...at(app, donationsApi.stripeConfig),
    schema: { response: { 200: stripeConfigResponse } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        configured: settings !== null,
        mode: settings?.mode ?? null,
        publishableKey: settings?.publishableKey ?? null,
        apiVersion: STRIPE_API_VERSION,
        settings: {
          secretKey: Boolean(env.STRIPE_SECRET_KEY),
          publishableKey: Boolean(env.STRIPE_PUBLISHABLE_KEY),
          webhookSecret: Boolean(env.STRIPE_WEBHOOK_SECRET),
        },
        limits: { minDollars: minDonationDollars, maxDollars: env.DONATION_MAX_DOLLARS },
        fee,
      };
    },
  });

  // A POST: it asks Stripe again and may change the stored status (never on a GET).
  app.route({
    ...at(app, donationsApi.verifyPayment),
    onRequest: requireAdmin,
    schema: {
      params: stripeVerifyParams,
      response: { 200: stripeVerifyResponse },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const ctx = contextFor(request.log);
      const { donation, stripeStatus } = await verifyPayment(ctx, request.params.paymentId, {
        identity: request.adminUser!,
        ip: request.ip,
      });
      app.jobWorker.wake();
      return {
        success: true,
        verification: {
          status: donation.paymentStatus,
          stripeStatus,
          amount: donation.amountCents,
          currency: donation.currency,
        },
        error: null,
      };
    },
  });

  await app.register(stripeWebhookRoute, { contextFor });
  await app.register(stripeManageRoutes, { contextFor });
};
