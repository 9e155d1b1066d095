/**
 * How a donor record reads to the office, on screen and in the CSV export alike.
 *
 * Status (spec 4 'Payment status display'): completed or succeeded reads 'Verified', pending
 * 'Pending', failed 'Failed'. This site also records refunds and disputes, and says so rather
 * than hiding them under 'Unknown'; anything else is 'Unknown'.
 */
const statusLabels: Record<string, string> = {
  completed: 'Verified',
  succeeded: 'Verified',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
  disputed: 'Disputed',
};

export function paymentStatusLabel(status: string | null | undefined): string {
  return (status && statusLabels[status]) || 'Unknown';
}

const typeLabels: Record<string, string> = { onetime: 'One-time', subscription: 'Monthly' };

export function donationTypeLabel(type: string): string {
  return typeLabels[type] ?? type;
}

const methodLabels: Record<string, string> = { stripe: 'Card', ojc: 'OJC', offline: 'Offline' };

export function paymentMethodLabel(method: string): string {
  return methodLabels[method] ?? method;
}

const memberStatusLabels: Record<string, string> = {
  pending: 'Pending',
  active: 'Active',
  lapsed: 'Lapsed',
  cancelled: 'Cancelled',
};

/** A membership's status as the office reads it, on the Members screen and in its CSV alike. */
export function memberStatusLabel(status: string): string {
  return memberStatusLabels[status] ?? status;
}

/**
 * Cents as a plain dollar figure for a spreadsheet, the one money format of every CSV export
 * (a spreadsheet sums it as a number, which '$1,234.50' is not in every locale):
 * 7200 → '72.00', no sign or separators.
 */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
