import siteConfig from '~/client/lib/site-config';
import type { PaymentMethod, PaymentStatus, MemberStatus } from '~/shared/domain';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: siteConfig.timeZone,
  dateStyle: 'medium',
});

/** A day as the office reads it, in the site's time zone. */
export const formatDay = (iso: string | null) => (iso ? dayFormat.format(new Date(iso)) : '—');

export const methodLabels: Record<PaymentMethod, string> = {
  stripe: 'Card',
  ojc: 'OJC Fund card',
  offline: 'Given to the office',
};

export const statusLabels: Record<PaymentStatus, string> = {
  pending: 'Pending',
  succeeded: 'Received',
  failed: 'Not completed',
  refunded: 'Refunded',
  disputed: 'Disputed by the bank',
};

export const memberStatusLabels: Record<MemberStatus, string> = {
  pending: 'Waiting for the first payment',
  active: 'Active',
  lapsed: 'Renewal overdue',
  cancelled: 'Cancelled',
};
