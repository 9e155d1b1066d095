import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  membershipApplicationInput,
  membershipApplicationResponse,
} from '~/shared/schemas/membership';
import { AppError } from '../../errors';
import { paymentMethods } from '../../lib/payment-methods';
import { formRateLimit } from '../../plugins/rate-limit';
import { submitMembershipApplication } from './submit-membership-application';

export const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/membership-applications',
    {
      config: formRateLimit(app.env.FORM_RATE_LIMIT),
      schema: {
        body: membershipApplicationInput,
        response: { 200: membershipApplicationResponse },
      },
    },
    async (request) => {
      const { website, ...application } = request.body;
      const tier = app.siteConfig.tiers.find((t) => t.id === application.membershipTier);
      if (!tier) {
        throw new AppError('validation_failed', 'Please choose a membership tier', {
          membershipTier: 'Please choose a membership tier',
        });
      }
      const message = `Thank you for applying to the ${tier.name}.`;
      const checkout = (membership: string) => ({
        amount: tier.price,
        membership,
        methods: paymentMethods(app.env, 'subscription'),
      });
      if (website) {
        request.log.info('honeypot filled: membership application dropped');
        // A token of the same shape that names nobody: the checkout refuses it.
        const decoy = randomBytes(48).toString('base64url');
        return { id: randomUUID(), tier: tier.id, message, checkout: checkout(decoy) };
      }
      const row = await submitMembershipApplication(app.database.db, application, tier, {
        officeEmail: app.officeEmail,
        linkSigner: app.linkSigner,
        publicUrl: app.env.PUBLIC_URL,
        now: app.clock(),
      });
      app.jobWorker.wake();
      return { id: row.id, tier: tier.id, message, checkout: checkout(row.membership) };
    },
  );
};
