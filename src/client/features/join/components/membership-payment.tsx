import { useSiteContent } from '../../../lib/site-content';
import { checkoutHref, type PayMethod } from '~/shared/checkout-link';
import type { MembershipApplicationResponse } from '~/shared/schemas/membership';
import { buttonClass } from '../../../components/ui/button';

interface MembershipPaymentProps {
  tierName: string;
  checkout: MembershipApplicationResponse['checkout'];
  /** The method the visitor chose before applying (the donate page's tier cards): first. */
  preferred?: PayMethod | undefined;
}

const methodLabel = (method: PayMethod, amount: number) =>
  method === 'credit_card' ? `Pay $${amount}/month by card` : `Pay $${amount}/month via OJC Fund`;

/**
 * The step after applying: the first monthly payment makes the membership active. Each button
 * opens the checkout of the tier's price with the applicant's signed token (a full page load:
 * only the checkout's own answer allows Stripe.js). With no payment method set up, the office
 * takes over, and the page says how to reach it.
 */
export function MembershipPayment({ tierName, checkout, preferred }: MembershipPaymentProps) {
  const { phone } = useSiteContent('contact');
  const { amount, membership } = checkout;
  const methods = [...checkout.methods].sort((a, b) =>
    a === preferred ? -1 : b === preferred ? 1 : 0,
  );
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
        <>
          <p className="mt-3 text-stone-800">
            Your {tierName} membership begins with your first monthly payment of ${amount}. You can
            pay now, or later from the link in your confirmation email.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            {methods.map((method, i) => (
              <a
                key={method}
                href={checkoutHref({ amount, type: 'subscription', method, membership })}
                className={buttonClass(i === 0 ? 'primary' : 'secondary')}
              >
                {methodLabel(method, amount)}
              </a>
            ))}
          </div>
        </>
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
    </section>
  );
}
