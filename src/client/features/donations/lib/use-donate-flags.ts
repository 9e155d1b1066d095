import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { recordDonation } from '~/client/features/donations/api/card-payments';

/** The query's flags of a result, which leave the address once read. */
const flagParams = [
  'success',
  'membership',
  'error',
  'payment_intent',
  'payment_intent_client_secret',
  'redirect_status',
  'campaign',
];

/** A campaign's slug as its address has it: lower-case words of letters and digits. */
const campaignSlug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Spec 2: `success=true` and any `error` set the donate page's flags, then the query leaves the
 * address. A card payment that needed a redirect (3-D Secure, a bank page) returns here with
 * Stripe's `payment_intent` and `redirect_status`: a failed one shows the error banner, a
 * successful one is reported to the server, which records what Stripe confirms. The donor's
 * choice stays in the address (use-donate-choice.ts).
 */
export function useDonateFlags() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const [flags] = useState(() => {
    const redirectStatus = params.get('redirect_status');
    const failedRedirect = redirectStatus !== null && redirectStatus !== 'succeeded';
    return {
      success: params.get('success') === 'true' && !failedRedirect,
      // The first payment of a membership (the card checkout of a /join link).
      membership:
        params.get('success') === 'true' && !failedRedirect && params.get('membership') === 'paid',
      error: params.get('error') !== null || failedRedirect,
      paymentIntent: redirectStatus === 'succeeded' ? params.get('payment_intent') : null,
      // The gift was for a campaign: the thank-you links back to its page.
      campaign: campaignSlug.test(params.get('campaign') ?? '') ? params.get('campaign') : null,
    };
  });

  useEffect(() => {
    if (flags.paymentIntent?.startsWith('pi_')) {
      recordDonation({ stripePaymentId: flags.paymentIntent }).catch(() => {
        // The webhook records it too; the donor has already paid and sees the thank-you.
      });
    }
    // The flags leave; the donor's choice (amount, type, method, tab) stays in the address.
    const kept = new URLSearchParams(params);
    for (const flag of flagParams) kept.delete(flag);
    const search = kept.toString();
    if (search !== params.toString()) {
      navigate(search ? `/donate?${search}` : '/donate', { replace: true });
    }
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return flags;
}
