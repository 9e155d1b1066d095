import * as z from 'zod/mini';
import { dedicationView } from './dedication-view';

/**
 * Managing a monthly card gift from the link in its receipts (`/donate/manage?token=…`):
 * `GET /api/stripe/manage?token=` describes the gift, `POST /api/stripe/portal-session {token}`
 * opens Stripe's customer portal for it. The token is signed and expires; the server checks it.
 */

export const manageTokenMaxLength = 512;

const manageToken = z
  .string({
    error: (issue) => (issue.input === undefined ? 'token is required' : 'token must be text'),
  })
  .check(
    z.minLength(1, 'token is required'),
    z.maxLength(manageTokenMaxLength, `token must be at most ${manageTokenMaxLength} characters`),
  );

export const manageGiftQuery = z.object({ token: manageToken });

export const portalSessionInput = z.object({ token: manageToken });

export const managedGift = z.object({
  /** Each month's charge, in cents (the processing fee included when the donor covers it). */
  amountCents: z.number(),
  currency: z.string(),
  donorName: z.nullable(z.string()),
  /** Stripe's subscription status: active, past_due, canceled, unpaid, incomplete, … */
  status: z.string(),
  /** Cancelled by the donor, running until the paid month ends. */
  cancelAtPeriodEnd: z.boolean(),
  dedication: z.nullable(dedicationView),
});

export type ManagedGift = z.output<typeof managedGift>;

export const manageGiftResponse = z.object({ gift: managedGift });

/** Stripe's short-lived portal address: the browser goes there at once. */
export const portalSessionResponse = z.object({ url: z.string() });

/** The refusals the manage page shows, by message (the codes are `bad_request` and `link_expired`). */
/**
 * `/donate/manage?token=…` as the server renders it: the gift the link names, or why the link
 * shows nothing (expired, forged, missing), in the donor's words.
 */
export type ManageGiftPageData = { gift: ManagedGift } | { problem: string };

export const manageLinkMessages = {
  invalid: 'This link is not valid.',
  expired: 'This link has expired. Each receipt carries a new one, or contact us.',
  unknown: 'We could not find this monthly gift.',
};
