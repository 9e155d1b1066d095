import { z } from 'zod';
import { donationTypes, offlineMethods, paymentMethods, paymentStatuses } from '~/shared/domain';

/** The donor screens' contract: the list and its filters, the CSV, the payment stats. */

export const DONOR_PAGE_MAX = 100;
export const donorSorts = ['date', 'amount'] as const;
export const csvColumnSets = ['donors', 'dashboard'] as const;

/**
 * How a gift came, as the dashboard filters it: the card (stripe), OJC, any gift the office
 * received, or one way the office received it (`offline:check`).
 */
export const methodFilters = [
  ...paymentMethods,
  ...offlineMethods.map((m) => `offline:${m}` as const),
] as const;
export type MethodFilter = (typeof methodFilters)[number];

const methodField = z
  .enum(methodFilters, { error: 'Method must be stripe, ojc or offline' })
  .optional();

/** One campaign's gifts, by its slug; blank means every gift. */
const campaignField = z
  .string()
  .trim()
  .max(100, 'There is no such campaign')
  .transform((value) => value || undefined)
  .optional();

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, YYYY-MM-DD, that exists (2025-02-30 does not). */
function dayField(label: string) {
  return z
    .string()
    .regex(isoDay, `${label} must be a date (YYYY-MM-DD)`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, `${label} must be a real date`)
    .optional();
}

/** A search box's text, trimmed; blank means no search. */
export const searchText = z
  .string()
  .trim()
  .max(100, 'Search must be at most 100 characters')
  .transform((value) => value || undefined)
  .optional();

/** The filters the list, the count and the CSV share. Blank values mean no filter. */
const filterShape = {
  search: searchText,
  from: dayField('From'),
  to: dayField('To'),
  type: z.enum(donationTypes, { error: 'Type must be onetime or subscription' }).optional(),
  status: z
    .enum(paymentStatuses, {
      error: 'Status must be pending, succeeded, failed, refunded or disputed',
    })
    .optional(),
  method: methodField,
  /** One person's gifts: their donor record (ADR 053). */
  donor: z.uuid({ error: 'Donor must be the id of a donor record' }).optional(),
  campaign: campaignField,
};

/** `GET /api/admin/payment-stats`: the totals, windows and chart of one way of giving. */
export const paymentStatsQuery = z.object({ method: methodField, campaign: campaignField });

type FilterInput = { from?: string; to?: string };
const fromNotAfterTo: [(input: FilterInput) => boolean, { error: string; path: string[] }] = [
  (input) => !input.from || !input.to || input.from <= input.to,
  { error: 'To must be on or after From', path: ['to'] },
];

export const donorFilterQuery = z.object(filterShape).refine(...fromNotAfterTo);

export const donorListQuery = z
  .object({
    ...filterShape,
    sort: z.enum(donorSorts, { error: 'Sort must be date or amount' }).default('date'),
    order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, `Limit must be between 1 and ${DONOR_PAGE_MAX}`)
      .max(DONOR_PAGE_MAX, `Limit must be between 1 and ${DONOR_PAGE_MAX}`)
      .default(25),
    offset: z.coerce
      .number({ error: 'Offset must be a number' })
      .int('Offset must be a whole number')
      .min(0, 'Offset must be 0 or more')
      .max(1_000_000, 'Offset must be at most 1000000')
      .default(0),
  })
  .refine(...fromNotAfterTo);

export const donorCsvQuery = z
  .object({
    ...filterShape,
    /** The donors page's columns, or the dashboard's (which add Payment Method and Status). */
    columns: z
      .enum(csvColumnSets, { error: 'Columns must be donors or dashboard' })
      .default('dashboard'),
  })
  .refine(...fromNotAfterTo);

export type DonorFilters = z.infer<typeof donorFilterQuery>;
export type DonorListQuery = z.infer<typeof donorListQuery>;

export const donorView = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** Cents, as the provider confirmed. */
  amount: z.number(),
  /** Cents refunded so far (a partial refund keeps the status). */
  refundedAmount: z.number(),
  currency: z.string(),
  donationType: z.enum(donationTypes),
  paymentMethod: z.enum(paymentMethods),
  paymentStatus: z.enum(paymentStatuses),
  /** What the verify call takes: the PaymentIntent for a card, the donation's id for OJC. */
  paymentId: z.string().nullable(),
  /** A gift the office received: how it came ("Cheque 1042"). Null for the site's own gifts. */
  methodDetail: z.string().nullable(),
  /** `2026-000123` once the gift was received; null before. */
  receiptNumber: z.string().nullable(),
  /** "In memory of Moshe Levy (משה בן שרה)": the gift's dedication, as its receipt words it. */
  dedication: z.string().nullable(),
  /** Voided by the office (a returned cheque): listed, counted nowhere. */
  voided: z.boolean(),
  /** Why, in the office's words. */
  voidReason: z.string().nullable(),
  createdAt: z.string(),
  donatedAt: z.string().nullable(),
});

export const donorListing = z.object({
  donors: z.array(donorView),
  /** Rows matching the filters; a lower bound when `totalIsExact` is false. */
  total: z.number(),
  totalIsExact: z.boolean(),
  offset: z.number(),
  limit: z.number(),
});

const sumAndCount = z.object({ amount: z.number(), count: z.number() });

export const paymentStats = z.object({
  /** Net cents of succeeded gifts (amount less refunds). */
  totalAmount: z.number(),
  /** Donor records: every donation row, whatever its status (spec 3). */
  totalDonors: z.number(),
  verifiedPayments: z.number(),
  pendingPayments: z.number(),
  failedPayments: z.number(),
  refundedPayments: z.number(),
  disputedPayments: z.number(),
  /** Cents: totalAmount / verifiedPayments, rounded; 0 with none. */
  averageAmount: z.number(),
  last7Days: sumAndCount,
  last30Days: sumAndCount,
  byType: z.object({ onetime: sumAndCount, subscription: sumAndCount }),
  /** The last 12 calendar months in the site's time zone, oldest first, the current one last. */
  monthly: z.array(sumAndCount.extend({ month: z.string() })),
  timeZone: z.string(),
  asOf: z.string(),
});

export type PaymentStats = z.infer<typeof paymentStats>;

export type DonorRecord = z.infer<typeof donorView>;
export type DonorListing = z.infer<typeof donorListing>;
export type SumAndCount = z.infer<typeof sumAndCount>;
