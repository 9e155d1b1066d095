import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse } from '~/shared/schemas/common';
import { contactMessageInput } from '~/shared/schemas/contact';
import { formRateLimit } from '../../plugins/rate-limit';
import { recordContactMessage } from './record-contact-message';

export const contactSuccessMessage =
  'Thank you for reaching out. We will get back to you within two business days.';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: formRateLimit(app.env.FORM_RATE_LIMIT),
      schema: { body: contactMessageInput, response: { 200: messageResponse } },
    },
    async (request) => {
      const { website, ...message } = request.body;
      if (website) {
        request.log.info('honeypot filled: contact message dropped');
      } else {
        await recordContactMessage(app.database.db, message, app.officeEmail, app.clock());
        app.jobWorker.wake();
      }
      return { message: contactSuccessMessage };
    },
  );
};
