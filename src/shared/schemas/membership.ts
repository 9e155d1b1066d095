import * as z from 'zod/mini';
import { checkoutMethods } from '~/shared/domain';
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
   * Paying for the membership: the tier's monthly amount and the methods that can take money
   * now (none when no payment is set up: the office then takes over). The link to pay is in the
   * confirmation email only, so this answer is the same whoever owns the address.
   */
  checkout: z.object({
    amount: z.number(),
    methods: z.array(z.enum(checkoutMethods)),
  }),
});

export type MembershipApplicationResponse = z.output<typeof membershipApplicationResponse>;

/**
 * The welcome screen's address (`/join?sent=join&tier=…&methods=…`): where the form
 * posted without JavaScript lands, and what the app writes into the address on its own welcome,
 * so a reload, or Back then Forward, shows the welcome again and not an empty form to send twice.
 */
export function joinWelcomeQuery(
  response: Pick<MembershipApplicationResponse, 'tier' | 'checkout'>,
) {
  return {
    sent: 'join',
    tier: response.tier,
    methods: response.checkout.methods.join(','),
  };
}
