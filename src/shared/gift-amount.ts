import type { DonateOptions } from './donate-options';

/**
 * The amount the donate button would give, or why there is none: `problem` under the field,
 * `fix` on the disabled button (what to do, in a few words).
 */
export type AmountCheck =
  | { amount: number; problem: null; fix: null }
  | { amount: null; problem: string | null; fix: string };

/**
 * The server's rules for an amount (whole dollars, from the minimum to DONATION_MAX_DOLLARS),
 * checked where it is typed, in words a donor can act on. Blank is no amount and no message.
 */
export function checkAmount(
  text: string,
  limits: DonateOptions['limits'],
  officePhone: string,
): AmountCheck {
  const trimmed = text.trim();
  if (!trimmed) return { amount: null, problem: null, fix: 'Choose an amount to donate' };
  const value = Number(trimmed);
  if (!/^-?\d*\.?\d*$/.test(trimmed) || !Number.isFinite(value)) {
    return {
      amount: null,
      problem: 'Please enter the amount in whole dollars, like 36.',
      fix: 'Enter the amount in dollars',
    };
  }
  if (value < limits.minDollars) {
    return {
      amount: null,
      problem: `The smallest gift we can take online is ${dollars(limits.minDollars)}.`,
      fix: `Enter at least ${dollars(limits.minDollars)}`,
    };
  }
  if (!Number.isInteger(value)) {
    return {
      amount: null,
      problem: `Please enter whole dollars, without cents: ${dollars(Math.floor(value))} or ${dollars(Math.ceil(value))}.`,
      fix: 'Enter whole dollars',
    };
  }
  if (value > limits.maxDollars) {
    return {
      amount: null,
      problem: overLimit(limits.maxDollars, officePhone),
      fix: `Enter ${dollars(limits.maxDollars)} or less`,
    };
  }
  return { amount: value, problem: null, fix: null };
}

/** What a donor is told about an amount over the limit: the limit, and who takes a larger gift. */
export function overLimit(maxDollars: number, officePhone: string) {
  return `The most we can take online is ${dollars(maxDollars)} per gift. For a larger gift, please call the office at ${officePhone}.`;
}

/** `$25,000`. */
export function dollars(amount: number) {
  return `$${amount.toLocaleString('en-US')}`;
}
