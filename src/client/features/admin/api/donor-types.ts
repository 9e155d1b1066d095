/** The donor screens' answers as the browser reads them (amounts in cents, dates ISO strings). */
export type DonationType = 'onetime' | 'subscription';
export type PaymentMethod = 'stripe' | 'ojc';
export const paymentStatuses = ['pending', 'succeeded', 'failed', 'refunded', 'disputed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Rows per page of the donor table (the server allows 1 to 100). */
export const DONOR_PAGE_SIZE = 25;

export interface DonorRecord {
  id: string;
  name: string | null;
  email: string | null;
  amount: number;
  refundedAmount: number;
  currency: string;
  donationType: DonationType;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  /** What the verify call takes; null when there is nothing to verify with. */
  paymentId: string | null;
  createdAt: string;
  donatedAt: string | null;
}

export interface DonorListing {
  donors: DonorRecord[];
  /** A lower bound when totalIsExact is false ("more than …"). */
  total: number;
  totalIsExact: boolean;
  offset: number;
  limit: number;
}

/** What the office narrows the table by; blank strings mean no filter. */
export interface DonorFilters {
  search: string;
  from: string;
  to: string;
  type: DonationType | '';
  status: PaymentStatus | '';
}

export const noDonorFilters: DonorFilters = { search: '', from: '', to: '', type: '', status: '' };

export interface SumAndCount {
  amount: number;
  count: number;
}

export interface PaymentStats {
  totalAmount: number;
  totalDonors: number;
  verifiedPayments: number;
  pendingPayments: number;
  failedPayments: number;
  refundedPayments: number;
  disputedPayments: number;
  averageAmount: number;
  last7Days: SumAndCount;
  last30Days: SumAndCount;
  byType: Record<DonationType, SumAndCount>;
  monthly: (SumAndCount & { month: string })[];
  timeZone: string;
  asOf: string;
}

/** The spec's verify answer (both providers). */
export interface VerifyAnswer {
  success: boolean;
  verification?: { status: string } | null;
  error?: string | null;
}
