import { paymentStatusLabel } from '~/shared/donor-labels';
import { ApiError } from '~/client/lib/api';
import type { ToastMessage } from '~/client/components/ui/toast';
import { MissingPaymentIdError } from '~/client/features/admin-donors/api/verify-payment';

/** What the toast reads of a verify answer (either provider's; see VerifyAnswer). */
interface VerifyOutcome {
  success: boolean;
  verification?: { status: string } | null;
  error?: string | null;
}

/**
 * What the office is told after a verify (spec 8): the provider's answer, 'Verification Failed'
 * with the server's message (or 'Could not verify payment'), 'Cannot Verify' without a payment
 * id, and 'Error' when the call itself failed (no answer at all).
 */
export function verificationToast(
  outcome: { answer: VerifyOutcome } | { error: unknown },
): ToastMessage {
  if ('answer' in outcome) {
    const { answer } = outcome;
    if (answer.success) {
      return {
        title: 'Payment Verified',
        description: `Status: ${paymentStatusLabel(answer.verification?.status)}`,
      };
    }
    return {
      title: 'Verification Failed',
      description: answer.error || 'Could not verify payment',
      variant: 'destructive',
    };
  }
  const { error } = outcome;
  if (error instanceof MissingPaymentIdError) {
    return { title: 'Cannot Verify', description: error.message, variant: 'destructive' };
  }
  if (error instanceof ApiError) {
    return {
      title: 'Verification Failed',
      description: error.message || 'Could not verify payment',
      variant: 'destructive',
    };
  }
  return { title: 'Error', description: 'Failed to verify payment', variant: 'destructive' };
}
