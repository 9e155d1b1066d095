import * as z from 'zod/mini';
import { emailField, honeypot, messages } from './common';

export const newsletterSignupInput = z.object({
  email: emailField(messages.emailRequired),
  ...honeypot,
});

export type NewsletterSignupInput = z.input<typeof newsletterSignupInput>;

const linkMessages = {
  incomplete: 'This link is not complete. Open it again from your email.',
  invalid: 'This link is not valid. Subscribe again at the bottom of any page.',
};

/**
 * The button that confirms a subscription: the token of the emailed link, posted by the page the
 * link shows (a GET of the link never confirms, ADR 034). Our tokens are base64url: anything else
 * is not one of ours and is refused before it reaches the database.
 */
export const newsletterConfirmInput = z.object({
  token: z
    .string({ error: linkMessages.incomplete })
    .check(
      z.minLength(1, linkMessages.incomplete),
      z.maxLength(200, linkMessages.invalid),
      z.regex(/^[\w-]+$/, linkMessages.invalid),
    ),
});
