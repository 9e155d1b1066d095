import { ojcApi } from '~/shared/api/ojc';
import type * as z from 'zod/mini';
import type { ojcChargeInput, ojcCreatePaymentInput } from '~/shared/schemas/ojc';
import { contractOf, getJson, postJson } from '~/client/lib/api';

/** Answers are checked in development and tests only (lib/api.ts). */
const contracts = import.meta.env.DEV ? () => import('~/shared/schemas/ojc') : null;

export type OjcPaymentRequest = z.input<ReturnType<typeof ojcCreatePaymentInput>>;

/** Spec 7: POST /api/ojc/create-payment; the answer names this site's OJC payment page. */
export function createOjcPayment(request: OjcPaymentRequest) {
  return postJson(
    ojcApi.createPayment,
    request,
    contractOf(contracts, (m) => m.ojcCreatePaymentResponse),
  );
}

export function getOjcPayment(paymentId: string) {
  return getJson(
    ojcApi.payment,
    contractOf(contracts, (m) => m.ojcPaymentResponse),
    {
      params: { paymentId },
    },
  );
}

/** Charges the OJC card: the number goes to this server, which passes it to OJC Fund only. */
export function chargeOjcPayment(
  paymentId: string,
  card: z.input<ReturnType<typeof ojcChargeInput>>,
) {
  return postJson(
    ojcApi.charge,
    card,
    contractOf(contracts, (m) => m.ojcChargeResponse),
    {
      params: { paymentId },
    },
  );
}
