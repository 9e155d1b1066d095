import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ojcCancelResponse,
  ojcChargeInput,
  ojcChargeResponse,
  ojcCreatePaymentInput,
  ojcCreatePaymentResponse,
  ojcGiftResponse,
  ojcGiftTokenInput,
  ojcPaymentParams,
  ojcPaymentResponse,
  ojcVerifyResponse,
} from '~/shared/schemas/ojc';
import { requireAdmin } from '~/server/plugins/admin-guard';
import { formRateLimit, PAYMENT_SETUP_GROUP } from '~/server/plugins/rate-limit';
import { countingDeclines, globalRateLimit } from '~/server/plugins/global-rate-limit';
import { chargeOjcPayment, findOjcPayment } from './charge-ojc-payment';
import { ojcContextOf } from './context';
import { createdMessage, createOjcPayment, paymentUrlOf } from './create-ojc-payment';
import { cancelOjcGift, findOjcGift } from './manage-ojc-gift';
import { registerOjcPageForms } from './page-forms';
import { giftCancelForm } from './gift-page-data';
import type { PageForm } from '~/server/ssr/page-forms';
import { ojcPaymentView, serializeOjcGift } from './serialize-ojc';
import { verifyOjcPayment } from './verify-ojc-payment';
import { at } from '~/server/lib/route-at';
import { ojcApi } from '~/shared/api/ojc';

/**
 * OJC Fund charity-card gifts (docs/payments.md, OJC Fund), under /api/ojc: the checkout creates
 * a payment, this site's payment page reads it and sends the card, the server charges OJC; a
 * monthly gift is charged again each month (renewal-job.ts) until cancelled from its receipt's
 * link. Every answer about a payment or gift is personal: never cached.
 */
export const ojcRoutes: FastifyPluginAsyncZod = async (app) => {
  const { env } = app;
  const contextFor = (log: typeof app.log) => ojcContextOf(app, log);
  const giftLinks = (log: typeof app.log) => ({
    db: app.database.db,
    linkSigner: app.linkSigner,
    clock: app.clock,
    log,
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Without JavaScript, the OJC checkout and payment page post to their pages.
  registerOjcPageForms(app);
  // Without JavaScript, a receipt's cancel link's page posts its button to the page.
  app.pageForms.set('gift-cancel', giftCancelForm(app) as PageForm);

  app.route({
    ...at(app, ojcApi.createPayment),
    config: formRateLimit(env.DONATION_RATE_LIMIT, PAYMENT_SETUP_GROUP),
    preHandler: globalRateLimit(app, 'ojc-create-payment'),
    schema: {
      body: ojcCreatePaymentInput(env.DONATION_MAX_DOLLARS),
      response: { 200: ojcCreatePaymentResponse },
    },
    handler: async (request) => {
      const { website, ...input } = request.body;
      if (website) {
        request.log.info('honeypot filled: OJC payment dropped');
        const paymentId = randomUUID();
        const payment = { paymentId, paymentUrl: paymentUrlOf(env.PUBLIC_URL, paymentId) };
        return { success: true, message: createdMessage, payment };
      }
      const payment = await createOjcPayment(contextFor(request.log), input);
      return { success: true, message: createdMessage, payment };
    },
  });

  app.route({
    ...at(app, ojcApi.payment),
    // Page loads and reloads: a looser limit than the forms'.
    config: formRateLimit(env.FORM_RATE_LIMIT * 3),
    schema: { params: ojcPaymentParams, response: { 200: ojcPaymentResponse } },
    handler: async (request) => {
      const payment = await findOjcPayment(contextFor(request.log), request.params.paymentId);
      return { payment: await ojcPaymentView(app.database.db, payment) };
    },
  });

  app.route({
    ...at(app, ojcApi.charge),
    // Card testing: per IP and for everyone together here, per payment in charge-claim.ts.
    config: formRateLimit(env.DONATION_RATE_LIMIT),
    preHandler: globalRateLimit(app, 'ojc-charge'),
    schema: {
      params: ojcPaymentParams,
      body: ojcChargeInput(app.clock),
      response: { 200: ojcChargeResponse },
    },
    handler: async (request) => {
      const ctx = contextFor(request.log);
      const donation = await countingDeclines(
        app,
        chargeOjcPayment(ctx, request.params.paymentId, request.body),
      );
      app.jobWorker.wake();
      return { success: true, payment: await ojcPaymentView(app.database.db, donation) };
    },
  });

  // The cancel link works without OJC settings: a donor can always stop a gift.
  app.route({
    ...at(app, ojcApi.manage),
    config: formRateLimit(env.FORM_RATE_LIMIT * 3),
    schema: { querystring: ojcGiftTokenInput, response: { 200: ojcGiftResponse } },
    handler: async (request) => ({
      gift: serializeOjcGift(await findOjcGift(giftLinks(request.log), request.query.token)),
    }),
  });

  app.route({
    ...at(app, ojcApi.cancel),
    config: formRateLimit(env.FORM_RATE_LIMIT),
    schema: { body: ojcGiftTokenInput, response: { 200: ojcCancelResponse } },
    handler: async (request) => ({
      success: true,
      gift: serializeOjcGift(await cancelOjcGift(giftLinks(request.log), request.body.token)),
    }),
  });

  // A POST: it asks OJC Fund again and may change the stored status (never on a GET).
  app.route({
    ...at(app, ojcApi.verifyPayment),
    onRequest: requireAdmin,
    schema: {
      params: z.object({ paymentId: z.string().min(1).max(255) }),
      response: { 200: ojcVerifyResponse },
    },
    handler: async (request) => verifyOjcPayment(contextFor(request.log), request.params.paymentId),
  });
};
