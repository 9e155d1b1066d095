import * as z from 'zod/mini';
import { offlineMethods, pledgeStatuses } from '~/shared/domain';
import { lineText, optionalLine, optionalText } from './common';
import { optionalEmail } from './donations';
import { amountField, offlineGiftView } from './offline-gifts';

/**
 * Pledges: a donor's promise to give, kept apart from the gifts (it is not money until paid).
 * Amounts are in dollars with cents, as the office's ledger takes them.
 */

/** Days the office waits between two reminders of one pledge. */
export const PLEDGE_REMINDER_DAYS = 7;

export const pledgeStatusLabels = { open: 'Open', paid: 'Paid', cancelled: 'Cancelled' } as const;

const needsAddressOrEmail = z.superRefine(
  (pledge: { email: string | null; address: string | null }, ctx) => {
    if (!pledge.email && !pledge.address) {
      ctx.issues.push({
        code: 'custom',
        input: pledge.address,
        path: ['address'],
        message: 'Please enter a postal address or an email, so the receipt can reach the donor',
      });
    }
  },
);

/** `POST /api/admin/pledges` and `PUT /api/admin/pledges/:id`. */
export const pledgeInput = z
  .object({
    name: lineText('Name', 200, 1, "Please enter the donor's name"),
    email: optionalEmail,
    address: optionalText('Address', 500),
    amount: amountField,
    expectedOn: z.iso.date({ error: 'Please enter the expected date (YYYY-MM-DD)' }),
    campaign: optionalLine('What it is for', 200),
    note: optionalText('Note', 2000),
  })
  .check(needsAddressOrEmail);

export type PledgeInput = z.output<typeof pledgeInput>;

/** What the office's pledge form holds: text, by field. */
export interface PledgeFormValues extends Record<string, string> {
  name: string;
  email: string;
  address: string;
  amount: string;
  expectedOn: string;
  campaign: string;
  note: string;
}

/** `POST /api/admin/pledges/:id/cancel`. */
export const pledgeCancelInput = z.object({
  reason: lineText('Reason', 500, 1, 'Please say why the pledge is cancelled'),
});

/** `POST /api/admin/pledges/:id/pay`: the payment, recorded as a gift received. */
export const pledgePayInput = z
  .object({
    amount: amountField,
    method: z.enum(offlineMethods, { error: 'Please choose how the gift was given' }),
    receivedOn: z.iso.date({ error: 'Please enter the date received (YYYY-MM-DD)' }),
    reference: optionalLine('Reference', 100),
    /** The office has seen the warning of a gift with the same reference, and it is another. */
    confirmDuplicate: z.optional(z.boolean()),
  })
  .check(
    z.superRefine((pay, ctx) => {
      if (pay.method === 'check' && !pay.reference) {
        ctx.issues.push({
          code: 'custom',
          input: pay.reference,
          path: ['reference'],
          message: 'Please enter the cheque number',
        });
      }
    }),
  );

export type PledgePayInput = z.output<typeof pledgePayInput>;

export interface PledgePayFormValues extends Record<string, string> {
  amount: string;
  method: string;
  receivedOn: string;
  reference: string;
  /** 'true' once the office confirmed a second payment with the same reference. */
  confirmDuplicate: string;
}

/** The office's form: its checkbox as the API's flag, then the API's own schema. */
export const pledgePayForm = z.pipe(
  z.transform(
    ({ confirmDuplicate, ...pay }: PledgePayFormValues) =>
      ({
        ...pay,
        ...(confirmDuplicate === 'true' ? { confirmDuplicate: true } : {}),
      }) as z.input<typeof pledgePayInput>,
  ),
  pledgePayInput,
);

export const pledgeIdParams = z.object({
  id: z.uuid({ error: 'This pledge is no longer on file' }),
});

export const pledgeView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  address: z.nullable(z.string()),
  amount: z.number(),
  expectedOn: z.string(),
  campaign: z.nullable(z.string()),
  note: z.nullable(z.string()),
  status: z.enum(pledgeStatuses),
  /** Open, and its expected date is before today in the site's calendar. */
  overdue: z.boolean(),
  /** The gift a paid pledge became. */
  paidGift: z.nullable(z.object({ id: z.string(), receiptNumber: z.string() })),
  /** A paid part of a larger pledge names that pledge. */
  partOf: z.nullable(z.string()),
  cancelReason: z.nullable(z.string()),
  remindersSent: z.number(),
  lastRemindedAt: z.nullable(z.string()),
  createdAt: z.string(),
});

export type PledgeView = z.output<typeof pledgeView>;

export const pledgeListing = z.object({
  /** Open pledges first, soonest expected first; then the paid and cancelled, newest first. */
  pledges: z.array(pledgeView),
  /** Dollars promised and not yet received: never counted as money anywhere. */
  openAmount: z.number(),
  /** Today in the site's calendar, which "overdue" is measured against. */
  today: z.string(),
});
export type PledgeListing = z.output<typeof pledgeListing>;

export const pledgeAnswer = z.object({ pledge: pledgeView });

export const pledgePaid = z.object({
  /** The paid pledge (or the paid part of it). */
  pledge: pledgeView,
  gift: offlineGiftView,
  /** What is still promised after a part payment, as the pledge that stays open. */
  rest: z.nullable(pledgeView),
});
