import * as z from 'zod/mini';
import { donationTypes, ojcGiftStatuses } from '~/shared/domain';
import { dedicationView } from './dedication-view';
import { campaignGiftFields } from './campaigns';
import { honeypot, optionalPhone } from './common';
import { manageGiftQuery } from './manage-gift';
import {
  checkoutEmailField,
  checkoutNameField,
  dedicationFormCheck,
  dedicationFormFields,
  dedicationInput,
  donationAmount,
  idempotencyKeyInput,
  membershipTokenInput,
} from './donations';

/**
 * OJC Fund charity-card gifts (docs/payments.md, OJC Fund). The checkout creates a payment
 * (`POST /api/ojc/create-payment`) and goes to this site's own OJC payment page
 * (`/checkout/ojc/:paymentId`), which reads the payment (`GET /api/ojc/payments/:paymentId`)
 * and sends the card (`POST /api/ojc/payments/:paymentId/charge`). Monthly gifts are charged
 * again by the server each month until cancelled from the link in each receipt.
 */

/** `POST /api/ojc/create-payment`: the spec's payload plus the card checkout's extras. */
export function ojcCreatePaymentInput(maxDollars: number) {
  return z.object({
    amount: donationAmount(maxDollars),
    donorName: checkoutNameField,
    donorEmail: checkoutEmailField,
    donorPhone: optionalPhone(),
    donationType: z.enum(donationTypes, { error: 'Choose a one-time or a monthly gift' }),
    dedication: z.optional(z.nullable(dedicationInput)),
    coverFee: z.optional(z.boolean({ error: 'coverFee must be true or false' })),
    idempotencyKey: idempotencyKeyInput,
    membership: membershipTokenInput,
    ...honeypot,
    ...campaignGiftFields,
  });
}

export type OjcCreatePaymentInput = z.output<ReturnType<typeof ojcCreatePaymentInput>>;

/**
 * The same checkout posted without JavaScript (`/checkout?…&method=ojc`, ssr/page-forms.ts): the
 * donor's fields as the form names them; the amount and kind of gift come from the page's
 * address, and `attempt` is the page's idempotency key (a double submit finds one payment).
 */
export const ojcCheckoutPageInput = z
  .object({
    name: checkoutNameField,
    email: checkoutEmailField,
    phone: optionalPhone(),
    ...dedicationFormFields,
    attempt: idempotencyKeyInput,
    ...honeypot,
  })
  .check(dedicationFormCheck);

export type OjcCheckoutPageInput = z.output<typeof ojcCheckoutPageInput>;

export const ojcCreatePaymentResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  payment: z.object({ paymentId: z.string(), paymentUrl: z.string() }),
});

export const ojcCardMessages = {
  cardRequired: 'Card number is required',
  cardInvalid: 'Enter the card number as printed on your OJC card',
  expiryRequired: 'Expiry is required',
  expiryInvalid: 'Enter the expiry as MM/YY',
  expired: 'This card has expired',
};

const expiryPattern = /^(0[1-9]|1[0-2])\s*\/?\s*(\d{2})$/;
/** Written as a month and a year, whatever the month: `13/20`, `0025`. */
const expiryShape = /^(\d{2})\s*\/?\s*\d{2}$/;

/**
 * The month of an expiry written as a month and a year when it is no month (00, 13 and up), or
 * null: the donor is told the month is wrong, not how to write an expiry they wrote correctly.
 */
export function impossibleExpiryMonth(expiry: string): string | null {
  const month = expiryShape.exec(expiry.trim())?.[1];
  return month !== undefined && (Number(month) < 1 || Number(month) > 12) ? month : null;
}

export const expiryMonthMessage = (month: string) =>
  `There is no month ${month}: the month is 01 to 12.`;

/** `MM/YY` or `MMYY` as OJC takes it (`MMYY`), or null if it is neither. */
export function ojcExpiryDigits(expiry: string): string | null {
  const match = expiryPattern.exec(expiry.trim());
  return match ? `${match[1]}${match[2]}` : null;
}

/** A card is good through the last day of its expiry month. */
export function isExpired(mmyy: string, now: Date): boolean {
  const month = Number(mmyy.slice(0, 2));
  const year = 2000 + Number(mmyy.slice(2));
  return now.getTime() >= Date.UTC(year, month, 1);
}

/**
 * `POST /api/ojc/payments/:paymentId/charge`: the charity card. The number may carry the spaces
 * or dashes printed on the card (they are removed); the expiry becomes `MMYY`. `now` decides
 * whether the card has expired: the browser passes its clock, the server its own.
 */
export function ojcChargeInput(now: () => Date) {
  return z.object({
    cardNumber: z.string({ error: ojcCardMessages.cardRequired }).check(
      z.overwrite((value) => value.replace(/[\s-]/g, '')),
      z.minLength(1, ojcCardMessages.cardRequired),
      z.regex(/^\d{12,19}$/, ojcCardMessages.cardInvalid),
    ),
    expiry: z.pipe(
      z.string({ error: ojcCardMessages.expiryRequired }).check(
        z.trim(),
        z.minLength(1, ojcCardMessages.expiryRequired),
        z.refine((value) => impossibleExpiryMonth(value) === null, {
          error: (issue) => expiryMonthMessage(impossibleExpiryMonth(String(issue.input)) ?? ''),
        }),
        z.refine(
          (value) =>
            value === '' ||
            ojcExpiryDigits(value) !== null ||
            impossibleExpiryMonth(value) !== null,
          { error: ojcCardMessages.expiryInvalid },
        ),
        z.refine(
          (value) => {
            const digits = ojcExpiryDigits(value);
            return digits === null || !isExpired(digits, now());
          },
          { error: ojcCardMessages.expired },
        ),
      ),
      z.transform((value) => ojcExpiryDigits(value) ?? value),
    ),
  });
}

export type OjcChargeInput = z.output<ReturnType<typeof ojcChargeInput>>;

const dedication = z.nullable(dedicationView);

/** One OJC payment as its payment page shows it. Amounts in cents, fee included. */
export const ojcPayment = z.object({
  paymentId: z.string(),
  amountCents: z.number(),
  /** The part of `amountCents` the donor added to cover the processing fee. */
  feeCents: z.number(),
  currency: z.string(),
  donationType: z.enum(donationTypes),
  donorName: z.nullable(z.string()),
  dedication,
  /** `failed`: the last card tried was declined; another may be tried. */
  status: z.enum(['pending', 'succeeded', 'failed']),
  cardLast4: z.nullable(z.string()),
  /** ISO time of the successful charge. */
  donatedAt: z.nullable(z.string()),
  /** The first payment of a membership (its checkout came from the member's link). */
  membership: z.optional(z.boolean()),
  /** The slug of the campaign the gift was given in: its thank-you links back to the page. */
  campaign: z.optional(z.string()),
});

export type OjcPayment = z.output<typeof ojcPayment>;

/** What the payment page is rendered with: the payment, or why it cannot be paid here. */
export type OjcPaymentPageData = { payment: OjcPayment } | { problem: string };

export const ojcPaymentParams = z.object({
  paymentId: z.string().check(z.uuid('This payment link is not valid.')),
});

export const ojcPaymentResponse = z.object({ payment: ojcPayment });

export const ojcChargeResponse = z.object({ success: z.boolean(), payment: ojcPayment });

/** A monthly OJC gift, as the cancel page (`/donate/cancel?token=…`) shows it. */
export const ojcGift = z.object({
  /** Each month's charge, in cents, fee included. */
  amountCents: z.number(),
  currency: z.string(),
  donorName: z.nullable(z.string()),
  /** `failed`: a month's charge was declined and the gift stopped. */
  status: z.enum(ojcGiftStatuses),
  cardLast4: z.string(),
  /** ISO time of the next charge; null once the gift has ended. */
  nextChargeAt: z.nullable(z.string()),
  dedication,
});

export type OjcGift = z.output<typeof ojcGift>;

/**
 * `GET /api/ojc/subscriptions/manage?token=` and `POST /api/ojc/subscriptions/cancel {token}`:
 * the token of the receipt's link, refused like the card gifts' manage link (`manageLinkMessages`:
 * 400 `bad_request` when forged, 400 `link_expired` when expired).
 */
export const ojcGiftTokenInput = manageGiftQuery;

export const ojcGiftResponse = z.object({ gift: ojcGift });

/**
 * `/donate/cancel?token=…` as the server renders it: the gift the link names, or why the link
 * shows nothing (expired, forged, missing), in the donor's words.
 */
export type OjcGiftPageData = { gift: OjcGift } | { problem: string };

export const ojcCancelResponse = z.object({ success: z.boolean(), gift: ojcGift });

/** The admin's check of one OJC payment: the stored record (OJC offers no lookup). */
export const ojcVerifyResponse = z.object({
  success: z.boolean(),
  verification: z.object({
    status: z.enum(['pending', 'succeeded', 'failed']),
    amount: z.number(),
    currency: z.string(),
    ojcReference: z.nullable(z.string()),
    /** Where the status comes from: always this site's record of OJC's answer. */
    source: z.literal('stored'),
  }),
  error: z.nullable(z.string()),
});
