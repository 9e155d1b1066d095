import * as z from 'zod/mini';
import { boundedText } from './common';

/**
 * The office's thank-you mail to a campaign's donors: one per donor address whose gift was
 * received, once. The subject and the closing lines are fixed; the message is the office's.
 */

export const THANK_YOU_MESSAGE_MAX = 5000;

/** `POST /api/admin/campaigns/:id/thank-you`. */
export const thankYouInput = z.object({
  message: boundedText(
    'Message',
    THANK_YOU_MESSAGE_MAX,
    1,
    'Please write the message the donors will read',
  ),
});
export type ThankYouInput = z.output<typeof thankYouInput>;

/** `GET /api/admin/campaigns/:id/thank-you`: what a press would send, for the confirm dialog. */
export const thankYouReach = z.object({
  /** Donor addresses that would get the mail now. */
  toSend: z.number(),
  /** Addresses already sent (or queued) the thank-you: never again. */
  alreadyThanked: z.number(),
  /** Donor records of received gifts without an email: no mail can reach them. */
  withoutEmail: z.number(),
});
export type ThankYouReach = z.output<typeof thankYouReach>;

/** The answer of a press: how many mails were queued now, and how many had been before. */
export const thankYouSent = z.object({
  queued: z.number(),
  alreadyThanked: z.number(),
});

/** The form's text. */
export interface ThankYouFormValues extends Record<string, string> {
  message: string;
}
