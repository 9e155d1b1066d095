import type { CheckoutChoice } from '~/shared/checkout-link';

/**
 * What a checkout posts of where its gift goes: the membership it pays, or the campaign it
 * counts in, with the wall, team and referrer it carries. A part the choice lacks is left out.
 */
export function giftDestination(choice: CheckoutChoice) {
  return {
    ...(choice.membership ? { membership: choice.membership } : {}),
    ...(choice.campaign
      ? {
          campaign: choice.campaign,
          wall: choice.wall ?? null,
          team: choice.team ?? null,
          referrer: choice.referrer ?? null,
        }
      : {}),
  };
}

/** The server's messages by field, under the names the checkout form gives those fields. */
export function checkoutFieldErrors(
  fields: Record<string, string>,
  formField: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, text]) => [formField[key] ?? key, text]),
  );
}
