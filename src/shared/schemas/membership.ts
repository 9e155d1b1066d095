import * as z from 'zod/mini';
import { emailField, honeypot, oneLine, optionalPhone, optionalText, requiredText } from './common';

/** Tier ids come from the site configuration; the server checks them against it. */
export const membershipApplicationInput = z.object({
  firstName: requiredText('First name', 100).check(oneLine('First name')),
  lastName: requiredText('Last name', 100).check(oneLine('Last name')),
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
  /**
   * Paying for the membership at once: the tier's monthly amount, the signed token that names
   * this applicant at the checkout, and the methods that can take money now (none when no
   * payment is set up: the confirmation email and the office then take over).
   */
  checkout: z.object({
    amount: z.number(),
    membership: z.string(),
    methods: z.array(z.enum(['credit_card', 'ojc'])),
  }),
});

export type MembershipApplicationResponse = z.output<typeof membershipApplicationResponse>;

/**
 * The welcome screen's address (`/join?sent=join&tier=…&membership=…&methods=…`): where the form
 * posted without JavaScript lands, and what the app writes into the address on its own welcome,
 * so a reload, or Back then Forward, shows the welcome again and not an empty form to send twice.
 */
export function joinWelcomeQuery(
  response: Pick<MembershipApplicationResponse, 'tier' | 'checkout'>,
) {
  return {
    sent: 'join',
    tier: response.tier,
    membership: response.checkout.membership,
    methods: response.checkout.methods.join(','),
  };
}
