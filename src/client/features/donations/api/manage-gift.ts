import { contractOf, getJson } from '~/client/lib/api';

/** Answers are checked in development and tests only (lib/api.ts). */
const cardContracts = import.meta.env.DEV ? () => import('~/shared/schemas/manage-gift') : null;
const ojcContracts = import.meta.env.DEV ? () => import('~/shared/schemas/ojc') : null;

const tokenQuery = (token: string) => `token=${encodeURIComponent(token)}`;

export function getCardGift(token: string) {
  return getJson(
    `/api/stripe/manage?${tokenQuery(token)}`,
    contractOf(cardContracts, (m) => m.manageGiftResponse),
  );
}

export function getOjcGift(token: string) {
  return getJson(
    `/api/ojc/subscriptions/manage?${tokenQuery(token)}`,
    contractOf(ojcContracts, (m) => m.ojcGiftResponse),
  );
}
