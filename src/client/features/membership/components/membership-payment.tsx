import { useSiteContent } from '~/client/lib/site-content';
import type { MembershipApplicationResponse } from '~/shared/schemas/membership';

interface MembershipPaymentProps {
  tierName: string;
  checkout: MembershipApplicationResponse['checkout'];
}

const methodNames = { credit_card: 'a credit card', ojc: 'an OJC Fund charity card' } as const;

/**
 * The step after applying: the first monthly payment makes the membership active. The link to
 * pay is in the confirmation email, not on this screen: the screen is the same whoever owns the
 * address typed, and whoever pays has shown the address is theirs (ADR 045). With no payment
 * method set up, the office takes over, and the screen says how to reach it.
 */
export function MembershipPayment({ tierName, checkout }: MembershipPaymentProps) {
  const { phone } = useSiteContent('contact');
  const { amount, methods } = checkout;
  const ways = methods.map((method) => methodNames[method]).join(' or ');
  return (
    <section
      aria-labelledby="membership-payment-heading"
      className="mx-auto mt-10 max-w-xl rounded-2xl bg-white p-6 text-left shadow-sm ring-1 ring-stone-200 sm:p-8"
    >
      <h2
        id="membership-payment-heading"
        className="font-display text-2xl font-semibold text-navy-950"
      >
        Complete your membership
      </h2>
      {methods.length > 0 ? (
        <p className="mt-3 text-stone-800">
          Your {tierName} membership begins with your first monthly payment of ${amount}. The link
          to pay, with {ways}, is in your confirmation email: it works for 30 days. Nothing is
          charged until you pay.
        </p>
      ) : (
        <p className="mt-3 text-stone-800">
          Online payment is not available right now. Our office will contact you to arrange your
          monthly payment of ${amount}, or call us at{' '}
          <a className="font-semibold text-navy-900 underline" href={`tel:${phone}`}>
            {phone}
          </a>
          .
        </p>
      )}
      <p className="mt-3 text-sm text-stone-700">
        No email within a few minutes? Look in your spam folder, or call the office at{' '}
        <a className="font-semibold text-navy-900 underline" href={`tel:${phone}`}>
          {phone}
        </a>
        .
      </p>
    </section>
  );
}
