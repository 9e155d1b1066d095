import { wallDisplays, type WallDisplay } from './domain';

/** What a gift is: once, or every month. The spec's `type` query value. */
export type GiftType = 'onetime' | 'subscription';
/** How it is paid: the spec's `method` query value. */
export type PayMethod = 'credit_card' | 'ojc';

export interface CheckoutChoice {
  /** Whole dollars. */
  amount: number;
  type: GiftType;
  method: PayMethod;
  /** The signed token of a /join confirmation's link: this monthly gift pays a membership. */
  membership?: string;
  /** The campaign the gift is for (its slug; the server checks it is open) and the wall choice. */
  campaign?: string;
  wall?: WallDisplay;
}

/**
 * The checkout's address for a gift. Links to it are full page loads (plain anchors or a GET
 * form), never client-side navigation: only the checkout's own response allows Stripe.js.
 */
export function checkoutHref({
  amount,
  type,
  method,
  membership,
  campaign,
  wall,
}: CheckoutChoice): string {
  const query = new URLSearchParams({ amount: String(amount), type, method });
  if (membership) query.set('membership', membership);
  if (campaign) query.set('campaign', campaign);
  if (campaign && wall) query.set('wall', wall);
  return `/checkout?${query.toString()}`;
}

/** A custom amount as typed: a whole number of dollars above zero, or null. */
export function parseWholeDollars(text: string | null | undefined): number | null {
  const trimmed = (text ?? '').trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const amount = Number(trimmed);
  return amount > 0 ? amount : null;
}

/**
 * The query's amount: its first `amount` that is not blank. The donate page's form, sent without
 * JavaScript, names both the typed amount and the chosen preset `amount`, the typed one first.
 */
export function queryAmount(params: URLSearchParams): string | null {
  return params.getAll('amount').find((value) => value.trim() !== '') ?? null;
}

/**
 * The checkout's query (spec 2): `amount` in whole dollars, `type` subscription or onetime
 * (one-time unless it says subscription), `method` credit_card by default or ojc. Null when the
 * amount is missing or not a whole number of dollars above zero: the page goes to /donate.
 * `membership` (a monthly gift only) is passed on as it is; the server checks it.
 */
export function parseCheckoutChoice(params: URLSearchParams): CheckoutChoice | null {
  const amount = parseWholeDollars(queryAmount(params));
  if (amount === null) return null;
  const type = params.get('type') === 'subscription' ? 'subscription' : 'onetime';
  const membership = type === 'subscription' ? params.get('membership') : null;
  // A campaign's gift form (a GET form, so it works without JavaScript) names its slug and the
  // donor's wall choice; a slug of another shape is dropped, not sent on.
  const campaign = params.get('campaign');
  const slug = campaign && /^[a-z0-9-]{1,60}$/.test(campaign) ? campaign : null;
  const wall = wallDisplays.find((w) => w === params.get('wall'));
  return {
    amount,
    type,
    method: params.get('method') === 'ojc' ? 'ojc' : 'credit_card',
    ...(membership ? { membership } : {}),
    ...(slug ? { campaign: slug, ...(wall ? { wall } : {}) } : {}),
  };
}
