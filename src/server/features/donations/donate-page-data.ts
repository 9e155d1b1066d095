import type { FastifyInstance } from 'fastify';
import type { DonateOptions } from '~/shared/donate-options';
import { minDonationDollars } from '~/shared/schemas/donations';
import { paymentMethods } from '../../lib/payment-methods';

/**
 * What /donate and /checkout are rendered with on the server (and hydrated with in the browser):
 * the limits the payment routes apply, and the methods that can take money with these settings.
 */
export async function loadDonatePageData(app: FastifyInstance): Promise<DonateOptions> {
  return {
    limits: { minDollars: minDonationDollars, maxDollars: app.env.DONATION_MAX_DOLLARS },
    methods: {
      onetime: paymentMethods(app.env, 'onetime'),
      subscription: paymentMethods(app.env, 'subscription'),
    },
  };
}
