import { formatMoney } from '~/shared/money';
import { useId, useSyncExternalStore, type FormEvent } from 'react';
import siteConfig from '~/client/lib/site-config';
import { buttonClass } from '~/client/components/ui/button';
import { useSiteContent } from '~/client/lib/site-content';
import { checkoutHref, type PayMethod } from '~/shared/checkout-link';
import type { DonateOptions } from '~/shared/donate-options';
import {
  checkAmount,
  giftType,
  missingAmountMessage,
  type DonateChoice,
} from '~/client/features/donations/lib/donate-choice';
import { GiveAnotherWay } from './give-another-way';
import { MethodChoice } from './method-choice';

/** Nothing changes whether the page runs scripts once it does. */
const subscribeNever = () => () => {};

/**
 * Spec 2, the one-time tab: presets, a custom amount (min 1, step 1), 'make this a monthly
 * recurring donation', the payment method, and 'Donate $X' ('Donate $X/month'), disabled until
 * the amount is one the server takes. The amount is checked where it is typed, with the message
 * under the field. The choice lives in the page's address (the page holds it).
 *
 * It is a plain GET form, so it works without JavaScript: a preset sends the form to
 * /donate, which comes back with that amount chosen; Donate sends it to /checkout with the spec's
 * query (amount, type, method). With JavaScript, presets choose in place and Donate opens the
 * checkout with a clean query; both are full page loads (only the checkout's own response allows
 * Stripe.js).
 */
export function OneTimeGift({
  choice,
  methods,
  method,
  limits,
  onChange,
}: {
  choice: DonateChoice;
  /** The methods set up for this kind of gift (one-time or monthly). */
  methods: readonly PayMethod[];
  /** The one offered: the donor's, or the first of `methods`. */
  method: PayMethod | null;
  limits: DonateOptions['limits'];
  onChange: (patch: Partial<DonateChoice>) => void;
}) {
  const customId = useId();
  const messageId = `${customId}-error`;
  // Until the page has hydrated the form is the plain HTML one: nothing may be disabled that a
  // donor without JavaScript needs, and the browser's own checks guard the amount.
  const scripted = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );

  const preset = choice.typed
    ? null
    : (siteConfig.donatePresets.find((value) => String(value) === choice.amount) ?? null);
  const custom = choice.typed ? choice.amount : '';
  const check = checkAmount(choice.amount, limits, useSiteContent('contact').phone);
  const { amount } = check;
  const problem = check.problem ?? (choice.missing ? missingAmountMessage : null);
  const ready = amount !== null && method !== null;
  // Grouped as money is read: 'Donate $1,000', not 'Donate $1000'. Without an amount the button
  // says what to do: a 'Donate $0' would not, nor would it name a typed amount it will not give.
  const label =
    amount === null
      ? check.fix
      : `Donate ${formatMoney(amount * 100, 'usd', { whole: true })}${choice.monthly ? '/month' : ''}`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (amount === null || method === null) return;
    window.location.assign(checkoutHref({ amount, type: giftType(choice), method }));
  };

  return (
    <form
      action="/checkout"
      method="get"
      autoComplete="off"
      noValidate={scripted}
      onSubmit={onSubmit}
      className="flex flex-col gap-6"
    >
      {/*
        The form's first submit button, so Enter in the amount field means Donate, not the first
        preset. Hidden from everyone: the Donate button below is the one to use.
      */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
        {label}
      </button>
      <fieldset>
        <legend className="text-sm font-semibold text-stone-800">Choose an amount</legend>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {siteConfig.donatePresets.map((value) => (
            <button
              key={value}
              type="submit"
              name="amount"
              value={value}
              formAction="/donate"
              formNoValidate
              aria-pressed={preset === value}
              onClick={(event) => {
                event.preventDefault();
                onChange({ amount: String(value), typed: false });
              }}
              className="min-h-12 rounded-xl border-2 border-stone-300 bg-white text-lg font-semibold text-navy-950 hover:border-gold-700 aria-pressed:border-navy-900 aria-pressed:bg-navy-900 aria-pressed:text-white"
            >
              ${value}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={customId} className="text-sm font-semibold text-stone-800">
          Custom amount (USD)
        </label>
        {/* The $ sits inside the field's own box, so the field keeps the site's focus outline. */}
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-stone-700"
          >
            $
          </span>
          <input
            id={customId}
            name="amount"
            type="number"
            inputMode="numeric"
            min={limits.minDollars}
            max={limits.maxDollars}
            step={1}
            placeholder="Enter amount"
            value={custom}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? messageId : undefined}
            onChange={(e) => onChange({ amount: e.target.value, typed: true })}
            className="w-full rounded-md border border-stone-400 bg-white py-2 pr-3 pl-7 text-base text-stone-900 placeholder:text-stone-500 focus-visible:border-gold-700 aria-[invalid=true]:border-red-700"
          />
        </div>
        {/*
          The chosen preset, sent after the typed amount (the checkout reads the first that is not
          blank): without JavaScript, Donate gives the typed amount if there is one, else this.
        */}
        {preset === null ? null : <input type="hidden" name="amount" value={preset} />}
        {/* Always there, so a screen reader announces each message as it appears. */}
        <p id={messageId} aria-live="polite" className="text-sm text-red-700">
          {problem}
        </p>
      </div>
      <label className="flex items-center gap-3 text-stone-800">
        <input
          type="checkbox"
          name="type"
          value="subscription"
          checked={choice.monthly}
          onChange={(e) => onChange({ monthly: e.target.checked })}
          className="size-5 shrink-0 accent-navy-900"
        />
        Make this a monthly recurring donation
      </label>
      {methods.length > 0 ? (
        <MethodChoice value={method} offered={methods} onChange={(m) => onChange({ method: m })} />
      ) : (
        <GiveAnotherWay title="Monthly gifts cannot be given online right now">
          A one-time gift can be given here: untick the monthly box above.
        </GiveAnotherWay>
      )}
      <button
        type="submit"
        disabled={scripted && !ready}
        className={buttonClass('primary', `w-full text-lg ${ready ? '' : 'opacity-60'}`)}
      >
        {label}
      </button>
    </form>
  );
}
