import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type * as z from 'zod/mini';
import { messageResponse } from '~/shared/schemas/common';
import { contactMessageInput } from '~/shared/schemas/contact';
import { formRateLimit } from '~/server/plugins/rate-limit';
import { recordContactMessage } from './record-contact-message';
import { at } from '~/server/lib/route-at';
import { contactApi } from '~/shared/api/contact';

export const contactSuccessMessage =
  'Thank you for reaching out. We will get back to you within two business days.';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The API's and the page form's one way to take a message. */
  async function takeMessage(
    { website, ...message }: z.output<typeof contactMessageInput>,
    log: FastifyBaseLogger,
  ) {
    if (website) {
      log.info('honeypot filled: contact message dropped');
      return;
    }
    await recordContactMessage(app.database.db, message, app.officeEmail, app.clock());
    app.jobWorker.wake();
  }

  // Without JavaScript, the contact forms post to their page (ssr/page-forms.ts).
  app.pageForms.set('contact', {
    sentMessage: contactSuccessMessage,
    schema: contactMessageInput,
    async submit(data: z.output<typeof contactMessageInput>, { log }) {
      await takeMessage(data, log);
      return { query: { sent: 'contact' }, anchor: 'contact' };
    },
  });

  app.route({
    ...at(app, contactApi.send),
    config: formRateLimit(app.env.FORM_RATE_LIMIT),
    schema: { body: contactMessageInput, response: { 200: messageResponse } },
    handler: async (request) => {
      await takeMessage(request.body, request.log);
      return { message: contactSuccessMessage };
    },
  });
};
