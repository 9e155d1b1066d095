import { OfficeContact } from '~/client/components/layout/office-contact';
import { buttonClass } from '~/client/components/ui/button';
import { useSiteContent } from '~/client/lib/site-content';
import { checkoutHref, type CheckoutChoice } from '~/shared/checkout-link';
import type { CheckoutMethod } from '~/shared/domain';
import type { DonateOptions } from '~/shared/donate-options';
import { checkAmount, dollars } from '~/shared/gift-amount';
import { donateQuery } from '~/client/features/donations/lib/donate-choice';
import { GiveAnotherWay } from './give-another-way';

const methodNames: Record<CheckoutMethod, { payments: string; with: string }> = {
  credit_card: { payments: 'Card payments', with: 'by credit card' },
  ojc: { payments: 'OJC Fund payments', with: 'with an OJC Fund charity card' },
};

/**
 * Why the checkout cannot take this gift before any form is filled, or null when it can: an
 * amount outside the server's limits, or a method that is not set up for this kind of gift.
 */
export function checkoutProblem(
  choice: CheckoutChoice,
  options: DonateOptions,
  officePhone: string,
): { kind: 'amount'; message: string } | { kind: 'method'; others: CheckoutMethod[] } | null {
  const { problem } = checkAmount(String(choice.amount), options.limits, officePhone);
  if (problem) return { kind: 'amount', message: problem };
  const methods = options.methods[choice.type];
  if (!methods.includes(choice.method)) {
    return { kind: 'method', others: methods.filter((m) => m !== choice.method) };
  }
  return null;
}

/**
 * The checkout's plain answer when it cannot take the gift as asked: says what is
 * wrong, that nothing was charged, and offers what works instead (another amount, the method
 * that is set up, or the office), in place of a form that would fail after being filled in.
 */
export function CheckoutNotice({
  choice,
  options,
}: {
  choice: CheckoutChoice;
  options: DonateOptions;
}) {
  const problem = checkoutProblem(choice, options, useSiteContent('contact').phone);
  if (!problem) return null;
  const gift = `${dollars(choice.amount)}${choice.type === 'subscription' ? ' a month' : ''}`;

  if (problem.kind === 'amount') {
    const back = donateQuery(
      { tab: 'onetime', amount: String(choice.amount), monthly: choice.type === 'subscription' },
      choice.method,
    );
    return (
      <section aria-labelledby="checkout-notice" className="text-stone-800">
        <h2 id="checkout-notice" className="font-display text-2xl font-semibold text-navy-950">
          This amount cannot be given online
        </h2>
        <p className="mt-3 text-lg">
          This page was opened for a gift of {dollars(choice.amount)}. {problem.message} Nothing has
          been charged.
        </p>
        <a href={`/donate?${back}`} className={buttonClass('secondary', 'mt-6')}>
          Choose another amount
        </a>
      </section>
    );
  }

  const [other] = problem.others;
  const asked = methodNames[choice.method];
  if (!other) {
    return (
      <GiveAnotherWay level={2}>
        {choice.type === 'subscription'
          ? 'Monthly gifts by card or OJC Fund charity card are not set up on this site yet, so nothing can be charged here.'
          : undefined}
      </GiveAnotherWay>
    );
  }
  return (
    <section aria-labelledby="checkout-notice" className="text-stone-800">
      <h2 id="checkout-notice" className="font-display text-2xl font-semibold text-navy-950">
        {asked.payments} are not set up
      </h2>
      <p className="mt-3 text-lg">
        {asked.payments} are not set up on this site yet, so nothing can be charged {asked.with}.
        You can give the same {gift} {methodNames[other].with}.
      </p>
      <a
        href={checkoutHref({ ...choice, method: other })}
        className={buttonClass('primary', 'mt-6')}
      >
        Give {gift} {methodNames[other].with}
      </a>
      <p className="mt-6">
        Or contact the office at <OfficeContact />.
      </p>
    </section>
  );
}
