import siteConfig from '~/client/lib/site-config';
import { queryAmount, type GiftType, type PayMethod } from '~/shared/checkout-link';
import type { DonateOptions } from '~/shared/donate-options';

/**
 * The donate page's state, kept in its address so that Back, a reload and a shared link
 * show exactly what the button will do: `/donate?amount=72&type=subscription&method=ojc`, and
 * `tab=monthly` for the monthly tab. The names are the checkout's, so the page's plain GET form
 * sends the same query to /checkout without JavaScript.
 */
export interface DonateChoice {
  tab: 'onetime' | 'monthly';
  /** The amount as chosen or typed, kept as text: a typed '12.5' comes back as typed. */
  amount: string;
  /**
   * Typed in the custom field rather than a preset pressed: a typed 250 stays in the field while
   * the donor goes on typing 2500. An address's amount is a preset's when it equals one.
   */
  typed: boolean;
  monthly: boolean;
  /** As asked for; `offeredMethod` says which one the page can actually offer. */
  method: PayMethod | null;
  /**
   * Donate was pressed with no amount (without scripts, which is when it can be): the checkout
   * sent the donor back here to be told so. Gone from the address at the next change.
   */
  missing?: boolean;
}

/** Longer than any amount the server takes; a longer one in a link is cut rather than kept. */
const AMOUNT_MAX_LENGTH = 12;

/** The state in a donate page address's query; what it does not name takes its default. */
export function readDonateChoice(params: URLSearchParams): DonateChoice {
  const type = params.get('type');
  const method = params.get('method');
  const amount = (queryAmount(params) ?? '').trim().slice(0, AMOUNT_MAX_LENGTH);
  return {
    tab: params.get('tab') === 'monthly' ? 'monthly' : 'onetime',
    amount,
    typed: !siteConfig.donatePresets.some((preset) => String(preset) === amount),
    // 'monthly' as well: the word a person would write in a link.
    monthly: type === 'subscription' || type === 'monthly',
    method: method === 'ojc' || method === 'credit_card' ? method : null,
    missing: !amount && params.get('missing') === 'amount',
  };
}

/** What the donate page says when Donate was pressed with no amount. */
export const missingAmountMessage = 'Choose an amount or type one, then press Donate.';

/**
 * Where a checkout address without a usable amount sends the donor: back to the donate page with
 * what they had chosen (the amount as typed, the kind of gift, the method), told what is missing
 * when there was no amount at all. A press of Donate without an amount, without scripts, lands
 * here; it no longer reloads the page without a word.
 */
export function donateHrefFromCheckout(params: URLSearchParams): string {
  const query = new URLSearchParams();
  const amount = (queryAmount(params) ?? '').trim().slice(0, AMOUNT_MAX_LENGTH);
  if (amount) query.set('amount', amount);
  query.set('type', params.get('type') === 'subscription' ? 'subscription' : 'onetime');
  const method = params.get('method');
  if (method === 'ojc' || method === 'credit_card') query.set('method', method);
  if (!amount) query.set('missing', 'amount');
  return `/donate?${query.toString()}`;
}

/** The query that holds `choice`, without the leading '?'; the method as the page offers it. */
export function donateQuery(
  choice: Pick<DonateChoice, 'tab' | 'amount' | 'monthly'>,
  offered: PayMethod | null,
): string {
  const query = new URLSearchParams();
  if (choice.amount) query.set('amount', choice.amount);
  query.set('type', giftType(choice));
  if (offered) query.set('method', offered);
  if (choice.tab === 'monthly') query.set('tab', 'monthly');
  return query.toString();
}

export function giftType(choice: Pick<DonateChoice, 'monthly'>): GiftType {
  return choice.monthly ? 'subscription' : 'onetime';
}

/** The method the page offers for a gift: the one asked for if it can take money, else the first. */
export function offeredMethod(asked: PayMethod | null, methods: readonly PayMethod[]) {
  return asked && methods.includes(asked) ? asked : (methods[0] ?? null);
}

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
