import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse } from '~/shared/schemas/common';
import { newsletterSignupInput } from '~/shared/schemas/newsletter';
import { formRateLimit } from '../../plugins/rate-limit';
import { subscribeNewsletter } from './subscribe-newsletter';

export const newsletterSuccessMessage =
  'Thank you for subscribing! Inspiration is on its way to your inbox.';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/newsletter',
    {
      config: formRateLimit(app.env.FORM_RATE_LIMIT),
      schema: { body: newsletterSignupInput, response: { 200: messageResponse } },
    },
    async (request) => {
      if (request.body.website) request.log.info('honeypot filled: newsletter signup dropped');
      else await subscribeNewsletter(app.database.db, request.body.email);
      // The same answer whether or not the address was already there: no enumeration.
      return { message: newsletterSuccessMessage };
    },
  );
};
