import { useMutation } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { DonorRecord, VerifyAnswer } from './donor-types';

/** Thrown, without calling anything, for a record with no payment id (spec 8 'Cannot Verify'). */
export class MissingPaymentIdError extends Error {
  constructor() {
    super('Missing payment ID for verification');
    this.name = 'MissingPaymentIdError';
  }
}

/** Asks the payment's provider again, through the server: Stripe for a card, OJC Fund for OJC. */
export function verifyPayment(donor: Pick<DonorRecord, 'paymentId' | 'paymentMethod'>) {
  if (!donor.paymentId) return Promise.reject(new MissingPaymentIdError());
  const provider = donor.paymentMethod === 'ojc' ? 'ojc' : 'stripe';
  return adminRequest<VerifyAnswer>(
    `/api/${provider}/verify-payment/${encodeURIComponent(donor.paymentId)}`,
  );
}

/** The list and the stats refresh after it, as after every admin change (query-client.ts). */
export function useVerifyPayment() {
  return useMutation({ mutationFn: verifyPayment });
}
