import { manageLinkMessages } from '~/shared/schemas/manage-gift';
import { AppError } from '~/server/errors';
import type { DonationContext } from './context';
import { findManagedGift } from './find-managed-gift';
import { isMissingResource, isStripeError, stripeErrorFields } from './stripe-client';

export const portalUnreachableMessage =
  'The card payment service could not be reached, so your gift cannot be managed right now. Please try again in a few minutes.';

/**
 * Opens Stripe's customer portal for the gift a manage link names: a short-lived session for
 * the subscription's customer, returning to the donate page. What the donor may do there
 * (cancel, change card) is the portal's configuration in the Stripe dashboard. The session's
 * URL lets anyone holding it act as the donor: it is returned, never logged.
 */
export async function openPortalSession(ctx: DonationContext, token: string) {
  const gift = await findManagedGift(ctx, token);
  try {
    const session = await ctx.stripe.billingPortal.sessions.create({
      customer: gift.customerId,
      return_url: `${ctx.publicUrl}/donate`,
    });
    ctx.log.info({ subscription: gift.id }, 'customer portal opened');
    return { url: session.url };
  } catch (error) {
    if (isMissingResource(error)) {
      ctx.log.warn({ subscription: gift.id, ...stripeErrorFields(error) }, 'portal: no customer');
      throw new AppError('not_found', manageLinkMessages.unknown);
    }
    // A 4xx here is ours to fix: most often the customer portal was never saved in the
    // dashboard (in test or live mode).
    const fields = { subscription: gift.id, ...stripeErrorFields(error) };
    if (isClientError(error)) ctx.log.error(fields, 'Stripe refused to open the customer portal');
    else ctx.log.warn(fields, 'opening the customer portal failed');
    throw new AppError('bad_gateway', portalUnreachableMessage);
  }
}

function isClientError(error: unknown) {
  const status = isStripeError(error) ? error.statusCode : undefined;
  return status !== undefined && status >= 400 && status < 500;
}
