import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  membershipApplicationInput,
  membershipApplicationResponse,
} from '~/shared/schemas/membership';
import { AppError } from '../../errors';
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
      if (website) {
        request.log.info('honeypot filled: membership application dropped');
        return { id: randomUUID(), tier: tier.id, message };
      }
      const row = await submitMembershipApplication(app.database.db, application, tier, {
        officeEmail: app.officeEmail,
        linkSigner: app.linkSigner,
        publicUrl: app.env.PUBLIC_URL,
        now: app.clock(),
      });
      app.jobWorker.wake();
      return { id: row.id, tier: tier.id, message };
    },
  );
};
