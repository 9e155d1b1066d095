import * as z from 'zod/mini';
import { emailField, honeypot, optionalPhone, optionalText, requiredText } from './common';

/** Tier ids come from the site configuration; the server checks them against it. */
export const membershipApplicationInput = z.object({
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  email: emailField(),
  phone: optionalPhone(),
  membershipTier: requiredText('Membership tier', 40, 'Please choose a membership tier'),
  prayerIntentions: optionalText('Prayer intentions', 2000),
  message: optionalText('Message', 2000),
  ...honeypot,
});

export type MembershipApplicationInput = z.input<typeof membershipApplicationInput>;

export const membershipApplicationResponse = z.object({
  id: z.string(),
  tier: z.string(),
  message: z.string(),
});
