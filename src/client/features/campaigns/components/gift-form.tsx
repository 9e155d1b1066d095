import { useId } from 'react';
import { checkoutHref } from '~/shared/checkout-link';
import { referrerOfQuery } from '~/shared/gift-referrer';
import { checkoutMethods, type CheckoutMethod, type WallDisplay } from '~/shared/domain';
import type { CampaignGiftValues } from '~/shared/schemas/campaign-gift';
import siteConfig from '~/client/lib/site-config';
import { useScripted } from '~/client/lib/use-scripted';
import { useZodForm } from '~/client/lib/use-zod-form';
import { buttonClass } from '~/client/components/ui/button';
import { controlClass } from '~/client/components/ui/field';
import type { CampaignView } from '~/client/features/campaigns/lib/campaign-view';
import { dollars } from '~/client/features/campaigns/lib/campaign-format';
import { giftClosedReason } from '~/client/features/campaigns/lib/gift-closed';
import { GiftDedication } from './gift-dedication';
import { RadioChoice } from './radio-choice';

/** The checkout's rules, with the form's messages: loaded when the donor reaches the form. */
const loadSchema = () => import('~/shared/schemas/campaign-gift').then((m) => m.campaignGiftForm);

const wallOptions: { value: WallDisplay; label: string }[] = [
  { value: 'full', label: 'My full name and the amount' },
  { value: 'name', label: 'My name only' },
  { value: 'initials', label: 'My initials' },
  { value: 'anonymous', label: '“Anonymous” (the office still knows it is you)' },
  { value: 'hidden', label: 'Not on the wall' },
];
const methodLabels: Record<CheckoutMethod, string> = {
  credit_card: 'Credit card',
  ojc: 'OJC Fund charity card',
};
const OTHER = '';

/**
 * The campaign's gift: an amount (or another), once or monthly, how it shows on the wall (name
 * only unless chosen otherwise), a dedication, and the payment method. A plain GET form to the
 * checkout with the checkout's own query, so it works without JavaScript; with it, the choice is
 * checked here first and the checkout opens with a clean query. Closed, with the reason, while
 * the campaign takes no gifts.
 */
export function GiftForm({
  campaign,
  presets = siteConfig.donatePresets,
  methods = checkoutMethods,
  team,
}: {
  campaign: Pick<
    CampaignView,
    'slug' | 'state' | 'startsAt' | 'resumesAt' | 'pauses' | 'recurringMonths'
  >;
  presets?: readonly number[];
  methods?: readonly CheckoutMethod[];
  /** The campaign's team the gift is given through (its page, or a team's link). */
  team?: { slug: string; name: string };
}) {
  const id = useId();
  const scripted = useScripted();
  const form = useZodForm(loadSchema, {
    amount: String(presets[0] ?? OTHER),
    other: '',
    campaign: campaign.slug,
    team: team?.slug ?? '',
    type: 'onetime',
    wall: 'anonymous',
    dedication: '',
    dedicationName: '',
    hebrewName: '',
    relation: '',
    motherHebrewName: '',
    method: methods[0] ?? 'credit_card',
  } satisfies CampaignGiftValues);
  const { values, errors, field, setValue } = form;
  const closed = giftClosedReason(campaign);
  const amount = Number(values.amount === OTHER ? values.other : values.amount);
  const label =
    Number.isInteger(amount) && amount > 0
      ? `Give ${dollars(amount)}${values.type === 'subscription' ? ' a month' : ''}`
      : 'Give now';

  const onSubmit = form.submitWith((choice) => {
    // The page's own utm_* (the link that brought the donor) go along for the office's figures;
    // the page is rendered without them (ADR 029), so they are read from the address here.
    const referrer = referrerOfQuery(new URLSearchParams(window.location.search));
    window.location.assign(checkoutHref({ ...choice, ...(referrer ? { referrer } : {}) }));
  });

  return (
    <form
      {...form.formProps}
      id="give"
      action="/checkout"
      method="get"
      autoComplete="off"
      noValidate={scripted}
      onSubmit={onSubmit}
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-300"
    >
      <h2 id={`${id}-heading`} className="font-display text-2xl font-semibold text-navy-950">
        {team ? `Give through ${team.name}` : 'Give to the campaign'}
      </h2>
      {closed ? <p className="rounded-lg bg-cream-100 p-3 text-stone-900">{closed}</p> : null}
      <fieldset disabled={closed !== null} className="flex flex-col gap-5">
        <input type="hidden" name="campaign" value={campaign.slug} />
        {team ? <input type="hidden" name="team" value={team.slug} /> : null}
        <fieldset>
          <legend className="text-sm font-semibold text-stone-800">Amount</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {[...presets.map(String), OTHER].map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border-2 border-stone-300 bg-white px-3 font-semibold text-navy-950 has-checked:border-navy-900 has-checked:bg-cream-100 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-gold-700"
              >
                <input
                  type="radio"
                  name="amount"
                  value={value}
                  checked={values.amount === value}
                  onChange={() => setValue('amount', value)}
                  className="size-4 accent-navy-900"
                />
                {value === OTHER ? 'Other' : dollars(Number(value))}
              </label>
            ))}
          </div>
        </fieldset>
        {/* After the choices: the checkout reads the first amount that is not blank. */}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-other`} className="text-sm font-semibold text-stone-800">
            Other amount in dollars (choose Other above)
          </label>
          <input
            id={`${id}-other`}
            name="amount"
            data-field="other"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={values.other}
            onChange={(e) => {
              setValue('other', e.target.value);
              setValue('amount', OTHER);
            }}
            aria-invalid={errors.other ? true : undefined}
            aria-describedby={`${id}-amount-error`}
            className={controlClass}
          />
          <p id={`${id}-amount-error`} aria-live="polite" className="text-sm text-red-700">
            {errors.other}
          </p>
        </div>
        <RadioChoice
          legend="How often"
          {...field('type')}
          options={[
            { value: 'onetime', label: 'Once' },
            {
              value: 'subscription',
              label: `Monthly (${campaign.recurringMonths} months count toward the goal)`,
            },
          ]}
        />
        <RadioChoice
          legend="On the donor wall, show"
          hint="Unless you choose otherwise, the wall shows your gift as “Anonymous”."
          {...field('wall')}
          options={wallOptions}
          columns=""
        />
        <GiftDedication scripted={scripted} field={field} />
        {methods.length > 1 ? (
          <RadioChoice
            legend="Payment method"
            {...field('method')}
            options={methods.map((value) => ({ value, label: methodLabels[value] }))}
          />
        ) : (
          <input type="hidden" name="method" value={values.method} />
        )}
        <button type="submit" className={buttonClass('primary', 'w-full text-lg')}>
          {label}
        </button>
      </fieldset>
    </form>
  );
}
