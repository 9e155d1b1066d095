import * as z from 'zod/mini';
import { parseCheckoutChoice, type CheckoutChoice } from '~/shared/checkout-link';
import type { DonateOptions } from '~/shared/donate-options';
import { checkAmount } from '~/shared/gift-amount';

/**
 * The donate page's one-time form as it holds its fields. `custom` is the amount typed and
 * `preset` the one pressed (one of them is blank): the page posts both as `amount`, the typed one
 * first, and the checkout reads the first that is not blank. `type` is the checkout's
 * (onetime or subscription) and `method` the one the donor asked for, blank for none.
 */
export type OneTimeGiftValues = Record<'custom' | 'preset' | 'type' | 'method', string>;

/** What the donate page says when Donate was pressed with no amount. */
export const missingAmountMessage = 'Choose an amount or type one, then press Donate.';

/** The amount the form gives, as typed or pressed. */
export const giftAmountText = (values: OneTimeGiftValues) => values.custom || values.preset;

/**
 * The form's schema for `useZodForm`: the amount by the server's limits, in words a donor can act
 * on (under the typed amount), the rest as the checkout reads its query.
 */
export function oneTimeGiftForm(limits: DonateOptions['limits'], officePhone: string) {
  return z.transform((values: OneTimeGiftValues, ctx): CheckoutChoice => {
    const { amount, problem } = checkAmount(giftAmountText(values), limits, officePhone);
    const choice =
      amount === null
        ? null
        : parseCheckoutChoice(
            new URLSearchParams({
              amount: String(amount),
              type: values.type,
              method: values.method,
            }),
          );
    if (choice) return choice;
    ctx.issues.push({
      code: 'custom',
      input: values,
      path: ['custom'],
      message: problem ?? missingAmountMessage,
    });
    return z.NEVER as never;
  });
}
