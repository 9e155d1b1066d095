import { paymentStatusLabel } from '~/shared/donor-labels';
import type { PaymentStatus } from '~/shared/domain';
import { StatusBadge } from '~/client/components/ui/status-parts';

const tones: Record<string, string> = {
  Verified: 'bg-emerald-100 text-emerald-900',
  Pending: 'bg-amber-100 text-amber-900',
  Failed: 'bg-red-100 text-red-900',
  Refunded: 'bg-stone-200 text-stone-800',
  Disputed: 'bg-orange-100 text-orange-900',
  Void: 'bg-red-100 text-red-900',
  Unknown: 'bg-stone-200 text-stone-800',
};

export const statusLabel = (status: PaymentStatus) => paymentStatusLabel(status);

/**
 * Spec 4's status label, as a coloured badge (the word carries the meaning, not the colour); a
 * gift the office voided says "Void" whatever its payment did.
 */
export function PaymentStatusBadge({
  status,
  voided = false,
}: {
  status: string;
  voided?: boolean;
}) {
  const label = voided ? 'Void' : paymentStatusLabel(status);
  return <StatusBadge label={label} tone={tones[label] ?? tones.Unknown!} />;
}
