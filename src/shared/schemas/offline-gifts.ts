import { z } from 'zod';
import { offlineMethods, type OfflineMethod } from '../domain';

/**
 * The office's ledger: a gift received another way than the site's checkout (a cheque at the
 * tziyun, cash, a bank transfer, a fund's grant, a charity card taken by phone). Amounts are in
 * dollars, as the donate API takes them, but with cents: a cheque may be for $180.50.
 */

export const OFFLINE_GIFT_MAX_DOLLARS = 10_000_000;

/** What each method is called on a screen, a receipt and a statement. */
export const offlineMethodLabels: Record<OfflineMethod, string> = {
  check: 'Cheque',
  cash: 'Cash',
  'bank-transfer': 'Bank transfer',
  zelle: 'Zelle',
  daf: 'Donor-advised fund grant',
  ojc: 'OJC Fund voucher or charity card',
  'donors-fund': "The Donors' Fund",
  matbia: 'Matbia',
  other: 'Other',
};

/** What the reference of each method is, where it has one the office must write down. */
export const offlineReferenceLabels: Partial<Record<OfflineMethod, string>> = {
  check: 'cheque number',
  daf: 'grant number',
  ojc: 'voucher number',
  'donors-fund': 'card or voucher number',
  matbia: 'card or voucher number',
};

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

const oneLine = (value: string | null) => value === null || !/[\r\n\u2028\u2029]/.test(value);

export const offlineGiftInput = z
  .object({
    name: z
      .string({ error: "Please enter the donor's name" })
      .trim()
      .min(1, "Please enter the donor's name")
      .max(200, 'Name must be at most 200 characters')
      .refine(oneLine, 'Name must be on one line'),
    email: z
      .string({ error: 'Please enter a valid email address' })
      .trim()
      .toLowerCase()
      .max(254, 'Email must be at most 254 characters')
      .refine((value) => value === '' || z.email().safeParse(value).success, {
        message: 'Please enter a valid email address',
      })
      .nullish()
      .transform((value) => value || null),
    address: optionalText('Address', 500),
    amount: z
      .number({ error: 'Please enter the amount in dollars' })
      .gt(0, 'The amount must be more than $0')
      .max(
        OFFLINE_GIFT_MAX_DOLLARS,
        `The amount must be at most $${OFFLINE_GIFT_MAX_DOLLARS.toLocaleString('en-US')}`,
      )
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
        message: 'The amount can have at most two digits of cents',
      }),
    method: z.enum(offlineMethods, { error: 'Please choose how the gift was given' }),
    receivedOn: z.iso.date({ error: 'Please enter the date received (YYYY-MM-DD)' }),
    reference: optionalText('Reference', 100).refine(oneLine, 'Reference must be on one line'),
    dedication: z
      .object({
        kind: z.enum(['honor', 'memory'], { error: 'Choose in honor of or in memory of' }),
        name: z
          .string()
          .trim()
          .min(1, 'Dedication name is required')
          .max(100, 'Dedication name must be at most 100 characters'),
      })
      .nullish()
      .transform((value) => value ?? null),
    note: optionalText('Note', 2000),
    /** The office has seen the warning of a gift with the same reference, and it is a second gift. */
    confirmDuplicate: z.boolean().optional(),
  })
  .superRefine((gift, ctx) => {
    if (gift.method === 'check' && !gift.reference) {
      ctx.addIssue({
        code: 'custom',
        path: ['reference'],
        message: 'Please enter the cheque number',
      });
    }
    if (!gift.email && !gift.address) {
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message: 'Please enter a postal address or an email, so the receipt can reach the donor',
      });
    }
  });

export type OfflineGiftInput = z.output<typeof offlineGiftInput>;

export const offlineGiftView = z.object({
  id: z.string(),
  receiptNumber: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  amount: z.number(),
  method: z.enum(offlineMethods),
  receivedOn: z.string(),
  reference: z.string().nullable(),
  dedication: z.object({ kind: z.enum(['honor', 'memory']), name: z.string() }).nullable(),
  note: z.string().nullable(),
  voided: z.boolean(),
  recordedAt: z.string(),
});

export const offlineGiftCreated = z.object({ gift: offlineGiftView });
