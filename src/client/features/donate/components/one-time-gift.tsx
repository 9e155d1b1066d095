import { useId, useState } from 'react';
import siteConfig from '@site-config';
import { buttonClass } from '../../../components/ui/button';
import { parseWholeDollars, type PayMethod } from '~/shared/checkout-link';
import { MethodChoice } from './method-choice';

/**
 * Spec 2, the one-time tab: presets, a custom amount (min 1, step 1), 'make this a monthly
 * recurring donation', the payment method, and 'Donate $X' ('Donate $X/month'), disabled until
 * the amount is above zero. It is a GET form to /checkout: a full page load with the spec's
 * query (amount, type, method), which also works before the page has hydrated.
 */
export function OneTimeGift({
  method,
  onMethodChange,
}: {
  method: PayMethod;
  onMethodChange: (method: PayMethod) => void;
}) {
  const [preset, setPreset] = useState<number | null>(null);
  const [custom, setCustom] = useState('');
  const [monthly, setMonthly] = useState(false);
  const customId = useId();
  const amount = custom ? parseWholeDollars(custom) : preset;
  const label = `Donate $${amount ?? 0}${monthly ? '/month' : ''}`;

  return (
    <form action="/checkout" method="get" className="flex flex-col gap-6">
      {/* First, so the query reads amount, type, method (the method's radios are named so). */}
      <input type="hidden" name="amount" value={amount ?? ''} />
      <input type="hidden" name="type" value={monthly ? 'subscription' : 'onetime'} />
      <fieldset>
        <legend className="text-sm font-semibold text-stone-800">Choose an amount</legend>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {siteConfig.donatePresets.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={!custom && preset === value}
              onClick={() => {
                setPreset(value);
                setCustom('');
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
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder="Enter amount"
            value={custom}
            onChange={(e) => {
              setCustom(e.target.value);
              setPreset(null);
            }}
            className="w-full rounded-md border border-stone-400 bg-white py-2 pr-3 pl-7 text-base text-stone-900 placeholder:text-stone-500 focus-visible:border-gold-700"
          />
        </div>
      </div>
      <label className="flex items-center gap-3 text-stone-800">
        <input
          type="checkbox"
          checked={monthly}
          onChange={(e) => setMonthly(e.target.checked)}
          className="size-5 accent-navy-900"
        />
        Make this a monthly recurring donation
      </label>
      <MethodChoice value={method} onChange={onMethodChange} />
      <button
        type="submit"
        disabled={amount === null}
        className={buttonClass('primary', 'w-full text-lg')}
      >
        {label}
      </button>
    </form>
  );
}
