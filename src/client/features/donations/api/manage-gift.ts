import { ojcApi } from '~/shared/api/ojc';
import { donationsApi } from '~/shared/api/donations';
import { contractOf, getJson } from '~/client/lib/api';

/** Answers are checked in development and tests only (lib/api.ts). */
const cardContracts = import.meta.env.DEV ? () => import('~/shared/schemas/manage-gift') : null;
const ojcContracts = import.meta.env.DEV ? () => import('~/shared/schemas/ojc') : null;

export function getCardGift(token: string) {
  return getJson(
    donationsApi.manage,
    contractOf(cardContracts, (m) => m.manageGiftResponse),
    {
      query: { token },
    },
  );
}

export function getOjcGift(token: string) {
  return getJson(
    ojcApi.manage,
    contractOf(ojcContracts, (m) => m.ojcGiftResponse),
    {
      query: { token },
    },
  );
}
