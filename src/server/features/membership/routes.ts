import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type * as z from 'zod/mini';
import {
  joinWelcomeQuery,
  membershipApplicationInput,
  membershipApplicationResponse,
} from '~/shared/schemas/membership';
import { AppError } from '~/server/errors';
import { offeredCheckoutMethods } from '~/server/lib/checkout-methods';
import { formRateLimit } from '~/server/plugins/rate-limit';
import { submitMembershipApplication, type TierApplication } from './submit-membership-application';
import { at } from '~/server/lib/route-at';
import { membershipApi } from '~/shared/api/membership';

export const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  const submit = (application: TierApplication) =>
    app.database.db.transaction((tx) =>
      submitMembershipApplication(tx, application, {
        officeEmail: app.officeEmail,
        linkSigner: app.linkSigner,
        publicUrl: app.env.PUBLIC_URL,
        now: app.clock(),
      }),
    );

  /** The API's and the page form's one way to take an application. */
  async function apply(
    { website, ...application }: z.output<typeof membershipApplicationInput>,
    log: FastifyBaseLogger,
  ) {
    const tier = app.siteConfig.tiers.find((t) => t.id === application.membershipTier);
    if (!tier) {
      throw new AppError('validation_failed', 'Please choose a membership tier', {
        membershipTier: 'Please choose a membership tier',
      });
    }
    // The same answer for every address: the link to pay goes only to the address (ADR 045).
    const answer = (id: string) => ({
      id,
      tier: tier.id,
      message: `Thank you for applying to the ${tier.name}.`,
      checkout: { amount: tier.price, methods: offeredCheckoutMethods(app.env, 'subscription') },
    });
    if (website) {
      log.info('honeypot filled: membership application dropped');
      return answer(randomUUID());
    }
    const row = await submit({ input: application, tier });
    app.jobWorker.wake();
    return answer(row.id);
  }

  // Without JavaScript, /join's form posts to the page (ssr/page-forms.ts); the welcome screen
  // it returns to says what the answer below says.
  app.pageForms.set('join', {
    // The welcome screen, drawn from the address, says it all.
    sentMessage: 'Thank you for applying.',
    schema: membershipApplicationInput,
    async submit(data: z.output<typeof membershipApplicationInput>, { log }) {
      // The welcome is the page's main part; the form's own anchor is gone from it.
      return { query: joinWelcomeQuery(await apply(data, log)), anchor: 'main' };
    },
  });

  app.route({
    ...at(app, membershipApi.apply),
    config: formRateLimit(app.env.FORM_RATE_LIMIT),
    schema: {
      body: membershipApplicationInput,
      response: { 200: membershipApplicationResponse },
    },
    handler: async (request) => apply(request.body, request.log),
  });
};
