import { describe, expect, it } from 'vitest';
import { ApiError } from '~/client/lib/api';
import {
  MissingPaymentIdError,
  verifyPayment,
} from '~/client/features/admin-donors/api/verify-payment';
import { verificationToast } from './verification-toast';

describe('verificationToast (spec 8)', () => {
  it('names the status the provider confirmed', () => {
    expect(
      verificationToast({ answer: { success: true, verification: { status: 'succeeded' } } }),
    ).toEqual({ title: 'Payment Verified', description: 'Status: Verified' });
    expect(
      verificationToast({ answer: { success: true, verification: { status: 'refunded' } } })
        .description,
    ).toBe('Status: Refunded');
  });

  it('says Verification Failed with the server’s error, or the spec’s fallback', () => {
    expect(verificationToast({ answer: { success: false, error: 'Card declined' } })).toEqual({
      title: 'Verification Failed',
      description: 'Card declined',
      variant: 'destructive',
    });
    expect(verificationToast({ answer: { success: false } }).description).toBe(
      'Could not verify payment',
    );
    const refused = new ApiError(503, 'OJC payments are not set up on this site.');
    expect(verificationToast({ error: refused })).toEqual({
      title: 'Verification Failed',
      description: 'OJC payments are not set up on this site.',
      variant: 'destructive',
    });
  });

  it('says Cannot Verify without a payment id, and Error when nothing answered', () => {
    expect(verificationToast({ error: new MissingPaymentIdError() })).toEqual({
      title: 'Cannot Verify',
      description: 'Missing payment ID for verification',
      variant: 'destructive',
    });
    expect(verificationToast({ error: new TypeError('Failed to fetch') })).toEqual({
      title: 'Error',
      description: 'Failed to verify payment',
      variant: 'destructive',
    });
  });
});

describe('verifyPayment', () => {
  it('calls nothing for a record without a payment id', async () => {
    await expect(
      verifyPayment({ paymentId: null, paymentMethod: 'stripe' }, 'csrf'),
    ).rejects.toThrow(MissingPaymentIdError);
  });
});
