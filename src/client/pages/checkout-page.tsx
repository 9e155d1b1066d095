import { useEffect, useState } from 'react';
import { Redirect, useSearchParams } from 'wouter';
import type { GiftMade } from '~/shared/donate-options';
import { formatMoney } from '~/shared/money';
import { useSiteContent } from '~/client/lib/site-content';
import { OfficeContact } from '~/client/components/layout/office-contact';
import { buttonClass } from '~/client/components/ui/button';
import { CardCheckout } from '~/client/features/donations/components/card-checkout';
import {
  CheckoutNotice,
  checkoutProblem,
} from '~/client/features/donations/components/checkout-notice';
import { OjcCheckout } from '~/client/features/donations/components/ojc-checkout';
import { donateHrefFromCheckout } from '~/client/features/donations/lib/donate-choice';
import { useCheckoutOptions } from '~/client/features/donations/lib/use-donate-options';
import { checkoutHref, parseCheckoutChoice } from '~/shared/checkout-link';
import type { WallDisplay } from '~/shared/domain';

/** How the gift shows on a campaign's donor wall, as the checkout repeats the donor's choice. */
const wallWords: Record<WallDisplay, string> = {
  full: 'your full name and the amount',
  name: 'your name only',
  initials: 'your initials',
  anonymous: '“Anonymous”',
  hidden: 'not shown',
};

/**
 * Spec 2, /checkout?amount=N&type=onetime|subscription&method=credit_card|ojc. Without a whole
 * amount above zero it goes back to /donate with the donor's choice, which says what is missing
 * (on the server too: a 302). An amount over the limit, or
 * a method not set up, is said plainly before any form (the server's page data: the limits and
 * the methods set up).
 */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  useReloadWhenRestored();
  const [oneTimeInstead, setOneTimeInstead] = useState(false);
  const options = useCheckoutOptions();
  const { phone } = useSiteContent('contact');
  const choice = parseCheckoutChoice(params);
  if (!choice) return <Redirect to={donateHrefFromCheckout(params)} replace />;
  const membershipProblem = choice.membership ? options?.membershipProblem : undefined;
  const membershipDonor = choice.membership ? options?.membershipDonor : undefined;
  const blocked =
    Boolean(membershipProblem) ||
    (options ? checkoutProblem(choice, options, phone) !== null : false);
  const otherMethod = choice.method === 'ojc' ? 'credit_card' : 'ojc';
  const otherMethodSetUp = !options || options.methods[choice.type].includes(otherMethod);
  const amount = formatMoney(choice.amount * 100, 'usd', { whole: true });
  const monthly = choice.type === 'subscription' && !oneTimeInstead;
  if (options?.giftMade)
    return <GiftMadeNotice made={options.giftMade} again={checkoutHref(choice)} />;

  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      {/* A membership's checkout is opened from its confirmation email, not the donate page. */}
      {choice.membership ? (
        <a href="/" className="text-navy-900 underline underline-offset-2">
          <span aria-hidden="true">←</span> Back to Homepage
        </a>
      ) : choice.campaign ? (
        <a
          href={
            choice.team
              ? `/campaign/${choice.campaign}/team/${choice.team}`
              : `/campaign/${choice.campaign}`
          }
          className="text-navy-900 underline underline-offset-2"
        >
          <span aria-hidden="true">←</span> Back to the {choice.team ? 'team' : 'campaign'}
        </a>
      ) : (
        <a href="/donate" className="text-navy-900 underline underline-offset-2">
          <span aria-hidden="true">←</span> Back to the donate page
        </a>
      )}
      <h1 className="mt-4 font-display text-4xl font-semibold text-navy-950">
        Complete Your Donation
      </h1>
      <p className="mt-2 text-lg text-stone-800">
        {monthly ? `${amount} every month` : `${amount} one-time gift`}, by{' '}
        {choice.method === 'ojc' ? 'OJC Fund charity card' : 'credit card'}.
      </p>
      {choice.campaign ? (
        <p className="mt-2 text-stone-800">
          For the campaign{' '}
          <strong className="font-semibold text-navy-950">
            {options?.campaign?.title ?? choice.campaign}
          </strong>
          {choice.team ? (
            <>
              , through the team{' '}
              <strong className="font-semibold text-navy-950">
                {options?.team?.name ?? choice.team}
              </strong>
            </>
          ) : null}
          . On the donor wall: {wallWords[choice.wall ?? 'anonymous']}.
        </p>
      ) : null}
      {choice.membership && !blocked ? (
        <p className="mt-2 text-stone-800">
          This monthly gift is your membership: it begins with the first payment.
          {otherMethodSetUp ? (
            <>
              {' '}
              <a
                className="text-navy-900 underline underline-offset-2"
                href={checkoutHref({ ...choice, method: otherMethod })}
              >
                {choice.method === 'ojc'
                  ? 'Pay by credit card instead'
                  : 'Pay with an OJC charity card instead'}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-300">
        {membershipProblem ? (
          <section aria-labelledby="membership-notice" className="text-stone-800">
            <h2
              id="membership-notice"
              className="font-display text-2xl font-semibold text-navy-950"
            >
              Your membership
            </h2>
            <p className="mt-3 text-lg">{membershipProblem}</p>
            <p className="mt-3">
              The office: <OfficeContact />.
            </p>
            <a href="/" className={buttonClass('secondary', 'mt-6')}>
              Return to Homepage
            </a>
          </section>
        ) : options && blocked ? (
          <CheckoutNotice choice={choice} options={options} />
        ) : choice.method === 'ojc' ? (
          <OjcCheckout choice={choice} attempt={options?.attempt} donor={membershipDonor} />
        ) : (
          <CardCheckout
            choice={choice}
            card={options?.card}
            otherWay={otherMethodSetUp ? checkoutHref({ ...choice, method: 'ojc' }) : null}
            onOneTimeInstead={setOneTimeInstead}
            donor={membershipDonor}
          />
        )}
      </div>
    </section>
  );
}

/**
 * A page the browser kept whole (the back-forward cache) shows what it showed when left: a
 * checkout that was paying, or had paid, would come back ready to charge again. Once it has set
 * a payment up (`gift=` in its address), it asks the server again, which knows whether the gift
 * was made.
 */
function useReloadWhenRestored() {
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted && new URLSearchParams(window.location.search).has('gift')) {
        window.location.reload();
      }
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
}

/** Back to a checkout whose gift was made: it says so, and giving again is a choice of its own. */
function GiftMadeNotice({ made, again }: { made: GiftMade; again: string }) {
  const amount = formatMoney(made.amountCents);
  const monthly = made.type === 'subscription';
  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <h1 className="font-display text-4xl font-semibold text-navy-950">Your Gift Has Been Made</h1>
      <div
        role="status"
        className="mt-8 rounded-2xl bg-white p-6 text-lg text-stone-800 shadow-sm ring-1 ring-stone-300"
      >
        <p>
          {made.processing
            ? `Your ${amount}${monthly ? ' monthly' : ''} gift is being completed by your bank. A receipt will follow by email once it is.`
            : `Your ${amount}${monthly ? ' monthly' : ''} gift was received: thank you. A receipt is on its way to your email.`}
        </p>
        <p className="mt-3">Nothing more will be charged from this page.</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href={again} className={buttonClass('secondary')}>
            Give again
          </a>
          <a href="/" className={buttonClass('outline')}>
            Return to Homepage
          </a>
        </div>
      </div>
    </section>
  );
}
