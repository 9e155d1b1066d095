import * as z from 'zod/mini';
import { parseCheckoutChoice, type CheckoutChoice } from '~/shared/checkout-link';

/**
 * The campaign page's gift form as it holds its fields. `amount` is the chosen preset ('' for
 * Other) and `other` the amount typed: the page posts both as `amount`, the preset first, and
 * the checkout reads the first that is not blank.
 */
export const campaignGiftFields = [
  'amount',
  'other',
  'campaign',
  'team',
  'type',
  'wall',
  'dedication',
  'dedicationName',
  'hebrewName',
  'relation',
  'motherHebrewName',
  'method',
] as const;
export type CampaignGiftValues = Record<(typeof campaignGiftFields)[number], string>;

/** Under the amount typed (the message is about the amount, chosen or typed), and the name. */
export const campaignGiftMessages = {
  other: 'Choose an amount, or type a whole number of dollars.',
  dedicationName: 'Write the name the gift is dedicated to.',
};

/** The query the form sends to the checkout without JavaScript, in the page's order. */
export function campaignGiftQuery(values: CampaignGiftValues) {
  const query = new URLSearchParams();
  for (const name of campaignGiftFields) {
    if (values[name]) query.append(name === 'other' ? 'amount' : name, values[name]);
  }
  return query;
}

/**
 * The form's schema for `useZodForm`: the checkout's own reading of that query, with a message
 * where the checkout would refuse it (no amount it takes) or drop a part the donor gave (a
 * dedication without its name).
 */
export const campaignGiftForm = z.transform((values: CampaignGiftValues, ctx): CheckoutChoice => {
  const choice = parseCheckoutChoice(campaignGiftQuery(values));
  const refuse = (field: keyof typeof campaignGiftMessages) =>
    ctx.issues.push({
      code: 'custom',
      input: values,
      path: [field],
      message: campaignGiftMessages[field],
    });
  if (!choice) refuse('other');
  if (values.dedication && !choice?.dedication) refuse('dedicationName');
  return choice ?? (z.NEVER as never);
});
