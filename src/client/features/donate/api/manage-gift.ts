import { getJson, postJson } from '../../../lib/api';

/** A monthly gift as its manage link shows it. */
export interface ManagedGift {
  amountCents: number;
  currency: string;
  donorName: string | null;
  status: string;
  dedication: { kind: 'honor' | 'memory'; name: string } | null;
  /** Card gifts: cancelled at the end of the paid month. */
  cancelAtPeriodEnd?: boolean;
  /** OJC gifts. */
  cardLast4?: string | null;
  nextChargeAt?: string | null;
}

const tokenQuery = (token: string) => `token=${encodeURIComponent(token)}`;

export function getCardGift(token: string) {
  return getJson<{ gift: ManagedGift }>(`/api/stripe/manage?${tokenQuery(token)}`);
}

/** A Stripe customer-portal session for the gift: the address to send the donor to. */
export function openCardPortal(token: string) {
  return postJson<{ url: string }>('/api/stripe/portal-session', { token });
}

export function getOjcGift(token: string) {
  return getJson<{ gift: ManagedGift }>(`/api/ojc/subscriptions/manage?${tokenQuery(token)}`);
}

export function cancelOjcGift(token: string) {
  return postJson<{ success: boolean; gift: ManagedGift }>('/api/ojc/subscriptions/cancel', {
    token,
  });
}
