import { donationsApi } from '~/shared/api/donations';
import { ojcApi } from '~/shared/api/ojc';
import { useMutation } from '@tanstack/react-query';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';
import type * as z from 'zod/mini';
import type { DonorRecord } from '~/shared/schemas/admin-donors';
import { stripeVerifyResponse } from '~/shared/schemas/donations';
import { ojcVerifyResponse } from '~/shared/schemas/ojc';

/** The spec's verify answer, from either provider. */
export type VerifyAnswer =
  z.output<typeof stripeVerifyResponse> | z.output<typeof ojcVerifyResponse>;

/** Thrown, without calling anything, for a record with no payment id (spec 8 'Cannot Verify'). */
export class MissingPaymentIdError extends Error {
  constructor() {
    super('Missing payment ID for verification');
    this.name = 'MissingPaymentIdError';
  }
}

/**
 * Asks the payment's provider again, through the server: Stripe for a card, OJC Fund for OJC.
 * A POST with the session's CSRF token: the answer may change the stored status.
 */
export function verifyPayment(
  donor: Pick<DonorRecord, 'paymentId' | 'paymentMethod'>,
  csrfToken: string,
): Promise<VerifyAnswer> {
  if (!donor.paymentId) return Promise.reject(new MissingPaymentIdError());
  const options = { params: { paymentId: donor.paymentId }, csrfToken };
  return donor.paymentMethod === 'ojc'
    ? adminRequest(ojcApi.verifyPayment, ojcVerifyResponse, options)
    : adminRequest(donationsApi.verifyPayment, stripeVerifyResponse, options);
}

/** The list and the stats refresh after it, as after every admin change (query-client.ts). */
export function useVerifyPayment() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (donor: Pick<DonorRecord, 'paymentId' | 'paymentMethod'>) =>
      verifyPayment(donor, csrfToken),
  });
}
