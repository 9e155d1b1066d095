import { formatMoney } from '~/shared/money';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import siteConfig from '~/client/lib/site-config';
import { buttonClass } from '~/client/components/ui/button';
import { useScripted } from '~/client/lib/use-scripted';
import { useSiteContent } from '~/client/lib/site-content';
import { useZodForm } from '~/client/lib/use-zod-form';
import { checkoutHref } from '~/shared/checkout-link';
import type { CheckoutMethod } from '~/shared/domain';
import type { DonateOptions } from '~/shared/donate-options';
import { checkAmount } from '~/shared/gift-amount';
import {
  giftAmountText,
  missingAmountMessage,
  oneTimeGiftForm,
  type OneTimeGiftValues,
} from '~/shared/schemas/one-time-gift';
import { giftType, type DonateChoice } from '~/client/features/donations/lib/donate-choice';
import { GiveAnotherWay } from './give-another-way';
import { MethodChoice } from './method-choice';

/** The form's fields for the page's choice: a typed amount stays in the field. */
const giftValues = (choice: DonateChoice): OneTimeGiftValues => ({
  custom: choice.typed ? choice.amount : '',
  preset: choice.typed ? '' : choice.amount,
  type: giftType(choice),
  method: choice.method ?? '',
});

/** The page's choice for the form's fields. */
const choiceOf = (values: OneTimeGiftValues) => ({
  amount: giftAmountText(values),
  typed: values.preset === '',
  monthly: values.type === 'subscription',
  method: (values.method || null) as CheckoutMethod | null,
});

/**
 * Spec 2, the one-time tab: presets, a custom amount (min 1, step 1), 'make this a monthly
 * recurring donation', the payment method, and 'Donate $X' ('Donate $X/month'), disabled until
 * the amount is one the server takes. The amount is checked where it is typed, with the message
 * under the field. The choice lives in the page's address: the form starts from it and tells the
 * page each change, which writes it back.
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
  /** Where the form starts (the page's address); it tells `onChange` each change. */
  choice: DonateChoice;
  /** The methods set up for this kind of gift (one-time or monthly). */
  methods: readonly CheckoutMethod[];
  /** The one offered: the donor's, or the first of `methods`. */
  method: CheckoutMethod | null;
  limits: DonateOptions['limits'];
  onChange: (patch: Partial<DonateChoice>) => void;
}) {
  const customId = useId();
  const messageId = `${customId}-error`;
  // Until the page has hydrated the form is the plain HTML one: nothing may be disabled that a
  // donor without JavaScript needs, and the browser's own checks guard the amount.
  const scripted = useScripted();
  const officePhone = useSiteContent('contact').phone;
  // The page carries the server's limits: the schema is made here, not loaded.
  const [loadSchema] = useState(() => {
    const schema = oneTimeGiftForm(limits, officePhone);
    return () => Promise.resolve(schema);
  });
  const form = useZodForm(loadSchema, giftValues(choice));
  // Each change goes to the page, which writes it into the address; not the first values, which
  // came from there.
  const told = useRef(form.values);
  const tell = useEffectEvent((values: OneTimeGiftValues) => onChange(choiceOf(values)));
  useEffect(() => {
    if (told.current === form.values) return;
    told.current = form.values;
    tell(form.values);
  }, [form.values]);
  const custom = form.field('custom');
  const preset = form.field('preset');
  const type = form.field('type');
  const asked = form.field('method');
  const monthly = type.value === 'subscription';

  const text = giftAmountText(form.values);
  // Checked as it is typed, from the first render (the server's HTML too), as the schema checks
  // it on Donate. No amount yet is no message: the button says what to do. Only a donor sent back
  // for pressing Donate without one (no scripts) is told, once: the page forgets it at the next
  // change.
  const check = checkAmount(text, limits, officePhone);
  const { amount, fix } = check;
  const problem =
    amount === null && (text.trim() || choice.missing)
      ? (check.problem ?? missingAmountMessage)
      : undefined;
  const ready = amount !== null && method !== null;
  // Grouped as money is read: 'Donate $1,000', not 'Donate $1000'. Without an amount the button
  // says what to do: a 'Donate $0' would not, nor would it name a typed amount it will not give.
  const label =
    amount === null
      ? fix
      : `Donate ${formatMoney(amount * 100, 'usd', { whole: true })}${monthly ? '/month' : ''}`;

  // The method the page offers for this kind of gift, which may not be the one asked for.
  const onSubmit = form.submitWith((gift) => {
    if (method !== null) window.location.assign(checkoutHref({ ...gift, method }));
  });

  return (
    <form
      {...form.formProps}
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
              aria-pressed={preset.value === String(value)}
              onClick={(event) => {
                event.preventDefault();
                preset.onValue(preset.name, String(value));
                custom.onValue(custom.name, '');
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
            data-field={custom.name}
            type="number"
            inputMode="numeric"
            min={limits.minDollars}
            max={limits.maxDollars}
            step={1}
            placeholder="Enter amount"
            value={custom.value}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? messageId : undefined}
            onChange={(e) => {
              custom.onValue(custom.name, e.target.value);
              preset.onValue(preset.name, '');
            }}
            className="w-full rounded-md border border-stone-400 bg-white py-2 pr-3 pl-7 text-base text-stone-900 placeholder:text-stone-500 focus-visible:border-gold-700 aria-[invalid=true]:border-red-700"
          />
        </div>
        {/*
          The chosen preset, sent after the typed amount (the checkout reads the first that is not
          blank): without JavaScript, Donate gives the typed amount if there is one, else this.
        */}
        {preset.value ? <input type="hidden" name="amount" value={preset.value} /> : null}
        {/* Always there, so a screen reader announces each message as it appears. */}
        <p id={messageId} aria-live="polite" className="text-sm text-red-700">
          {problem}
        </p>
      </div>
      <label className="flex items-center gap-3 text-stone-800">
        <input
          type="checkbox"
          name={type.name}
          value="subscription"
          checked={monthly}
          onChange={(e) => type.onValue(type.name, e.target.checked ? 'subscription' : 'onetime')}
          className="size-5 shrink-0 accent-navy-900"
        />
        Make this a monthly recurring donation
      </label>
      {methods.length > 0 ? (
        <MethodChoice
          value={method}
          offered={methods}
          onChange={(m) => asked.onValue(asked.name, m)}
        />
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
