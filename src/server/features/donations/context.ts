import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '~/db/client';
import type { FeeSettings } from '~/shared/money';
import type { Clock } from '~/server/lib/clock';
import { placeOf, type Place } from '~/server/lib/campaign-times';
import type { ManageLinks } from '~/server/services/receipts/manage-link';
import { donationFee } from '~/server/env';
import { AppError } from '~/server/errors';
import {
  createStripeClient,
  notConfiguredMessage,
  stripeSettings,
  type StripeSettings,
} from './stripe-client';

/**
 * What the donation operations need, passed in rather than reached for. `linkSigner` and
 * `publicUrl` sign the manage links monthly donors' mails carry.
 */
export interface DonationContext extends ManageLinks {
  db: Database;
  stripe: Stripe;
  settings: StripeSettings;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The largest gift, in whole dollars. */
  maxDollars: number;
  fee: FeeSettings;
  /** The product name shown on card statements and in Stripe's dashboard. */
  siteName: string;
  /** The membership tiers (site.config.ts), by monthly price in dollars: a member's tier follows it. */
  tiers: readonly { id: string; price: number }[];
  /** Where the office's notices go (`OFFICE_EMAIL`, else the site's contact address). */
  officeEmail: string;
  /** The site's place and time zone: when a campaign pauses for Shabbat and Yom Tov. */
  place: Place;
}

/** The options of the route plugins that work in the donation context. */
export interface DonationRouteOptions {
  /** The donation context for a request; throws 503 when card payments are not configured. */
  contextFor(log: FastifyBaseLogger): DonationContext;
}

/**
 * The donation context for each request, on one Stripe client: the API's routes and the pages
 * that work without JavaScript (/donate/manage) each make theirs. Without Stripe settings it
 * throws 503, saying card payments are not available.
 */
export function donationContexts(
  app: FastifyInstance,
): (log: FastifyBaseLogger) => DonationContext {
  const { env } = app;
  const settings = stripeSettings(env);
  const stripe = settings ? createStripeClient(settings) : null;
  const fee = donationFee(env);
  const place = placeOf(app.siteConfig);
  return (log) => {
    if (!settings || !stripe) throw new AppError('unavailable', notConfiguredMessage);
    return {
      db: app.database.db,
      stripe,
      settings,
      clock: app.clock,
      log,
      maxDollars: env.DONATION_MAX_DOLLARS,
      fee,
      siteName: app.siteConfig.product,
      tiers: app.siteConfig.tiers,
      officeEmail: app.officeEmail,
      place,
      linkSigner: app.linkSigner,
      publicUrl: env.PUBLIC_URL,
    };
  };
}

const appContexts = new WeakMap<FastifyInstance, (log: FastifyBaseLogger) => DonationContext>();

/**
 * The donation context of a page or another feature: made once per app (one Stripe client).
 * Throws 'unavailable' as `donationContexts` does when Stripe is not set up.
 */
export function donationContextOf(app: FastifyInstance, log: FastifyBaseLogger): DonationContext {
  let contextFor = appContexts.get(app);
  if (!contextFor) {
    contextFor = donationContexts(app);
    appContexts.set(app, contextFor);
  }
  return contextFor(log);
}
