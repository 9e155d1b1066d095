import * as z from 'zod/mini';
import {
  donationTypes,
  memberStatuses,
  paymentMethods,
  paymentStatuses,
  wallDisplays,
} from '~/shared/domain';
import { emailLinkRequest } from './email-link';

/** 'My giving': the form that asks for a link by email (the API and the page form alike). */
export const givingLinkRequest = emailLinkRequest;

/** One gift as its donor's page shows it; money in cents, net of refunds as the office counts. */
export const givingGiftView = z.object({
  id: z.string(),
  /** ISO time the gift was recorded (the office's date for it). */
  date: z.string(),
  amountCents: z.number(),
  refundedCents: z.number(),
  /** What was received and kept: the amount less refunds, 0 unless the gift succeeded (and not voided). */
  keptCents: z.number(),
  currency: z.string(),
  method: z.enum(paymentMethods),
  /** How it came, in words: "Credit card", "Cheque 1042", "Donor-advised fund grant G-7". */
  methodDetail: z.string(),
  /** `2026-000123` once received; null before. */
  receiptNumber: z.nullable(z.string()),
  /** The office voided it (a returned cheque): shown, counted nowhere, no receipt. */
  voided: z.boolean(),
  /** A donor-advised fund's grant: the fund, not the donor, may claim it. */
  fundGrant: z.boolean(),
  type: z.enum(donationTypes),
  status: z.enum(paymentStatuses),
  dedication: z.nullable(z.string()),
  /** A campaign's gift: the campaign, and how the gift shows on its donor wall (the donor may change it). */
  campaign: z.nullable(
    z.object({ slug: z.string(), title: z.string(), wall: z.enum(wallDisplays) }),
  ),
  /** The receipt's PDF, for a gift that was received. */
  receiptUrl: z.nullable(z.string()),
});
export type GivingGiftView = z.output<typeof givingGiftView>;

/**
 * `POST /api/my-giving/wall` and My giving's page form: how one of the donor's campaign gifts
 * shows on the campaign's donor wall.
 */
export const givingWallInput = z.object({
  gift: z.uuid({ error: 'This gift is not among yours.' }),
  wall: z.enum(wallDisplays, {
    error:
      'Choose how the gift shows on the wall: full name, name, initials, anonymous or not at all',
  }),
});
export type GivingWallInput = z.output<typeof givingWallInput>;

/** A monthly gift, by card (Stripe) or OJC Fund card, with the action that exists for it. */
export const givingMonthlyView = z.object({
  id: z.string(),
  method: z.enum(paymentMethods),
  amountCents: z.number(),
  currency: z.string(),
  active: z.boolean(),
  /** In words: 'Active', 'Ends at the end of this month', 'Canceled', … */
  statusLabel: z.string(),
  nextChargeAt: z.nullable(z.string()),
  dedication: z.nullable(z.string()),
  /** Stripe's portal (via the manage page) or the OJC cancel page; null once it has ended. */
  action: z.nullable(z.object({ label: z.string(), url: z.string() })),
});
export type GivingMonthlyView = z.output<typeof givingMonthlyView>;

export const givingMembershipView = z.object({
  id: z.string(),
  tierName: z.string(),
  status: z.enum(memberStatuses),
  monthlyAmountCents: z.number(),
  memberSince: z.nullable(z.string()),
  nextRenewalAt: z.nullable(z.string()),
});

/** A calendar year's statement: what was received and kept that year. */
export const givingYearView = z.object({
  year: z.number(),
  keptCents: z.number(),
  gifts: z.number(),
  statementUrl: z.string(),
});

/** `GET /api/my-giving`: everything the site holds on the donor's gifts, by their address. */
export const myGiving = z.object({
  name: z.string(),
  email: z.string(),
  gifts: z.array(givingGiftView),
  monthly: z.array(givingMonthlyView),
  memberships: z.array(givingMembershipView),
  years: z.array(givingYearView),
  /** When the session the link opened ends (ISO). */
  sessionEndsAt: z.string(),
});
export type MyGiving = z.output<typeof myGiving>;

/** What /my-giving is rendered with: the donor's giving, or the page that asks for a link. */
export type MyGivingPageData =
  | ({ kind: 'ready' } & MyGiving)
  | { kind: 'signed-out'; problem: string | null }
  /** Opened from the emailed link: only the button that opens it (a GET never spends it). */
  | { kind: 'opening'; token: string };

export const receiptPdfParams = z.object({ id: z.uuid({ error: 'Unknown receipt' }) });
export const statementPdfParams = z.object({
  year: z.coerce
    .number({ error: 'The year is a number, like 2025' })
    .check(
      z.int(),
      z.minimum(2000, 'The year is 2000 or later'),
      z.maximum(2100, 'The year is 2100 or earlier'),
    ),
});
export const tokenQuery = z.object({ token: z.optional(z.string().check(z.maxLength(2000))) });

/** Signing out of My giving: nothing to send but the press of the button. */
export const signOutInput = z.object({});

/** The 'forget me' form: a box the donor ticks to say they mean it. */
export const erasureRequestInput = z.object({
  confirm: z.literal(['yes', true], { error: 'Tick the box to confirm you want to be forgotten' }),
});

/** `GET /api/my-giving/export.json`: everything the site holds on the donor, table by table. */
export const donorDataExportView = z.record(z.string(), z.unknown());
