import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { messageResponse } from '~/shared/schemas/common';
import { newsletterSignupInput } from '~/shared/schemas/newsletter';
import { AppError } from '~/server/errors';
import { formRateLimit } from '~/server/plugins/rate-limit';
import { unsubscribeNewsletter } from './confirm-newsletter';
import {
  newsletterConfirmForm,
  newsletterConfirmLink,
  newsletterUnsubscribeLink,
} from './page-data';
import { subscribeNewsletter } from './subscribe-newsletter';
import { at } from '~/server/lib/route-at';
import { newsletterApi } from '~/shared/api/newsletter';

export const newsletterSuccessMessage =
  'Thank you! Please check your inbox and confirm your address to start the newsletter.';
export const unsubscribedMessage =
  'You are unsubscribed. We will not send you the newsletter again.';

const tokenQuery = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mail clients' one-click unsubscribe (RFC 8058) and the unsubscribe page's plain HTML form
  // post application/x-www-form-urlencoded; its body carries nothing this route needs.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, {}),
  );

  const subscribe = async (email: string) =>
    app.database.db.transaction((tx) => subscribeNewsletter(tx, email));

  /** The API's and the page form's one way to sign up. */
  async function signUp(
    { email, website }: z.output<typeof newsletterSignupInput>,
    log: FastifyBaseLogger,
  ) {
    if (website) {
      log.info('honeypot filled: newsletter signup dropped');
      return;
    }
    const result = await subscribe(email);
    if (result.mailed) app.jobWorker.wake();
  }

  // Without JavaScript, the footer's form posts to the page it is on (ssr/page-forms.ts).
  app.pageForms.set('newsletter', {
    sentMessage: newsletterSuccessMessage,
    schema: newsletterSignupInput,
    async submit(data: z.output<typeof newsletterSignupInput>, { log }) {
      await signUp(data, log);
      return { query: { sent: 'newsletter' }, anchor: 'newsletter' };
    },
  });

  app.route({
    ...at(app, newsletterApi.subscribe),
    config: formRateLimit(app.env.FORM_RATE_LIMIT),
    schema: { body: newsletterSignupInput, response: { 200: messageResponse } },
    handler: async (request) => {
      await signUp(request.body, request.log);
      // The same answer whatever the address's state: no one learns who subscribes.
      return { message: newsletterSuccessMessage };
    },
  });

  // The confirmation link's button, posted to its page (./page.ts).
  app.pageForms.set('newsletter-confirm', newsletterConfirmForm(app));

  /**
   * An emailed address that leads to its page, whose button does the deed (ADR 034): whoever
   * fetches it (a mail scanner does, before the person) changes nothing.
   */
  const leadToPage = (
    route: typeof newsletterApi.confirmLink | typeof newsletterApi.unsubscribeLink,
    pageLink: (token: string) => string,
  ) =>
    app.route({
      ...at(app, route),
      config: formRateLimit(app.env.FORM_RATE_LIMIT * 3),
      schema: { querystring: tokenQuery },
      handler: async (request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .redirect(pageLink(request.query.token), 303),
    });
  // The link mailed before the confirmation page had its button.
  leadToPage(newsletterApi.confirmLink, newsletterConfirmLink);
  // The List-Unsubscribe header's address (RFC 8058), opened in a browser by a mail client
  // without one-click support: the unsubscribe page, whose button posts below.
  leadToPage(newsletterApi.unsubscribeLink, newsletterUnsubscribeLink);

  app.route({
    ...at(app, newsletterApi.unsubscribe),
    config: formRateLimit(app.env.FORM_RATE_LIMIT * 3),
    schema: { querystring: tokenQuery, response: { 200: messageResponse } },
    handler: async (request, reply) => {
      const { found } = await unsubscribeNewsletter(app.database.db, request.query.token);
      const fromBrowserForm = (request.headers.accept ?? '').includes('text/html');
      if (fromBrowserForm) {
        return reply.redirect(`/newsletter?status=${found ? 'unsubscribed' : 'invalid'}`, 303);
      }
      if (!found) throw new AppError('not_found', 'This unsubscribe link is not valid.');
      return { message: unsubscribedMessage };
    },
  });
};
