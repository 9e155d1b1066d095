import * as z from 'zod/mini';
import { emailField, honeypot, messages } from './common';

export const newsletterSignupInput = z.object({
  email: emailField(messages.emailRequired),
  ...honeypot,
});

export type NewsletterSignupInput = z.input<typeof newsletterSignupInput>;
