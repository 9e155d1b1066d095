import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type * as z from 'zod/mini';
import { messageResponse } from '~/shared/schemas/common';
import { contactMessageInput } from '~/shared/schemas/contact';
import { batchRetryingAlone, unconfirmedPastDeadline } from '../../lib/batch-while-busy';
import { addressKey } from '../../lib/client-address';
import { answerCount, FORM_WINDOW_MS } from '../../plugins/rate-limit';
import { recordContactMessages, type IdentifiedContactMessage } from './record-contact-message';

export const contactSuccessMessage =
  'Thank you for reaching out. We will get back to you within two business days.';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  // Posts arriving while a statement runs are written together in the next (issue 20); two may
  // be in flight, so a database a network hop away is not left waiting on one round trip.
  // A batch past its deadline may still commit: the sender is told to wait, not to send again.
  const record = unconfirmedPastDeadline(
    batchRetryingAlone(
      (messages: IdentifiedContactMessage[]) =>
        recordContactMessages(app.database, messages, app.officeEmail, app.clock(), {
          max: app.env.FORM_RATE_LIMIT,
          windowMs: FORM_WINDOW_MS,
        }),
      100,
      2,
    ),
  );

  /**
   * The API's and the page form's one way to take a message. With `hitKey`, the post counts
   * against its limit in the message's own statement: answers its count, and whether it was
   * refused (over the limit: nothing written).
   */
  async function takeMessage(
    { website, ...message }: z.output<typeof contactMessageInput>,
    log: FastifyBaseLogger,
    hitKey?: string,
  ) {
    if (website) {
      log.info('honeypot filled: contact message dropped');
      return null;
    }
    const written = await record({ id: randomUUID(), ...message, hitKey });
    if (!written.refused) app.jobWorker.wake();
    return written;
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

  app.post(
    '/contact',
    // Limited as formRateLimit's routes are, but counted in the message's own statement: one
    // round trip for the count and the write instead of two in turn (issue 20).
    { schema: { body: contactMessageInput, response: { 200: messageResponse } } },
    async (request, reply) => {
      const written = await takeMessage(
        request.body,
        request.log,
        `POST /api/contact|${addressKey(request.ip)}`,
      );
      if (written?.count) {
        answerCount(request, reply, app.env.FORM_RATE_LIMIT, written.count, written.refused);
      }
      return { message: contactSuccessMessage };
    },
  );
};
