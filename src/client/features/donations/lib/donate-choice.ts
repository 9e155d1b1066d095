import siteConfig from '~/client/lib/site-config';
import { queryAmount } from '~/shared/checkout-link';
import { isCheckoutMethod, type CheckoutMethod, type DonationType } from '~/shared/domain';

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
  method: CheckoutMethod | null;
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
    method: isCheckoutMethod(method) ? method : null,
    missing: !amount && params.get('missing') === 'amount',
  };
}

/**
 * Where a checkout address without a usable amount sends the donor: back to the donate page with
 * what they had chosen (the amount as typed, the kind of gift, the method), told what is missing
 * when there was no amount at all. A press of Donate without an amount, without scripts, lands
 * here rather than on the same page without a word.
 */
export function donateHrefFromCheckout(params: URLSearchParams): string {
  const query = new URLSearchParams();
  const amount = (queryAmount(params) ?? '').trim().slice(0, AMOUNT_MAX_LENGTH);
  if (amount) query.set('amount', amount);
  query.set('type', params.get('type') === 'subscription' ? 'subscription' : 'onetime');
  const method = params.get('method');
  if (isCheckoutMethod(method)) query.set('method', method);
  if (!amount) query.set('missing', 'amount');
  return `/donate?${query.toString()}`;
}

/** The query that holds `choice`, without the leading '?'; the method as the page offers it. */
export function donateQuery(
  choice: Pick<DonateChoice, 'tab' | 'amount' | 'monthly'>,
  offered: CheckoutMethod | null,
): string {
  const query = new URLSearchParams();
  if (choice.amount) query.set('amount', choice.amount);
  query.set('type', giftType(choice));
  if (offered) query.set('method', offered);
  if (choice.tab === 'monthly') query.set('tab', 'monthly');
  return query.toString();
}

export function giftType(choice: Pick<DonateChoice, 'monthly'>): DonationType {
  return choice.monthly ? 'subscription' : 'onetime';
}

/** The method the page offers for a gift: the one asked for if it can take money, else the first. */
export function offeredMethod(asked: CheckoutMethod | null, methods: readonly CheckoutMethod[]) {
  return asked && methods.includes(asked) ? asked : (methods[0] ?? null);
}
