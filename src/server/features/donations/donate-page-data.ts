import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CheckoutPageData, DonateOptions } from '~/shared/donate-options';
import { donationFee } from '~/server/env';
import { minDonationDollars } from '~/shared/schemas/donations';
import { offeredCheckoutMethods } from '~/server/lib/checkout-methods';
import { membershipLinkState } from '~/server/features/membership';
import { campaignNamed, teamNamed } from '~/server/features/campaigns';
import { parseCheckoutChoice } from '~/shared/checkout-link';
import { pageRedirect, type PageDataContext, type PageRedirect } from '~/server/ssr/page-data';
import { loadGiftMade } from './gift-made';
import { referrerRedirect } from './referrer-redirect';
import { stripeSettings } from './stripe-client';

/**
 * What /donate and /checkout are rendered with on the server (and hydrated with in the browser):
 * the limits the payment routes apply, and the methods that can take money with these settings.
 */
export async function loadDonatePageData(app: FastifyInstance): Promise<DonateOptions> {
  return {
    limits: { minDollars: minDonationDollars, maxDollars: app.env.DONATION_MAX_DOLLARS },
    methods: {
      onetime: offeredCheckoutMethods(app.env, 'onetime'),
      subscription: offeredCheckoutMethods(app.env, 'subscription'),
    },
  };
}

/**
 * What /checkout is rendered with: the options, the card form's settings (so the whole donor
 * form is in the first HTML and only the card field waits for Stripe.js), and a fresh key for
 * this page's attempt.
 */
export async function loadCheckoutPageData(
  app: FastifyInstance,
  url: URL,
  context?: PageDataContext,
): Promise<CheckoutPageData | PageRedirect> {
  const withReferrer = context ? referrerRedirect(context.request) : null;
  if (withReferrer) return pageRedirect(withReferrer);
  const settings = stripeSettings(app.env);
  // A membership's link is checked as its payment would be, so a paid one says so at once; a
  // payable one fills the donor form with the member's own name and address.
  const membership =
    url.searchParams.get('type') === 'subscription' ? url.searchParams.get('membership') : null;
  const state = membership
    ? await membershipLinkState(app.database.db, app.linkSigner, membership, app.clock())
    : null;
  const choice = parseCheckoutChoice(url.searchParams);
  const slug = choice?.campaign;
  const campaign = slug ? await campaignNamed(app.database.db, slug) : null;
  const team =
    campaign && choice?.team ? await teamNamed(app.database.db, campaign.slug, choice.team) : null;
  const giftMade = settings ? await loadGiftMade(app, url, context?.request.log ?? app.log) : null;
  return {
    ...(await loadDonatePageData(app)),
    card: settings ? { publishableKey: settings.publishableKey, fee: donationFee(app.env) } : null,
    attempt: randomBytes(18).toString('base64url'),
    ...(state && 'problem' in state ? { membershipProblem: state.problem } : {}),
    ...(state && 'donor' in state ? { membershipDonor: state.donor } : {}),
    ...(giftMade ? { giftMade } : {}),
    ...(campaign ? { campaign } : {}),
    ...(team ? { team } : {}),
  };
}
