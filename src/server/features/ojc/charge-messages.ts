import { AppError } from '~/server/errors';
import type { ChargeOutcome, DeclineStatus } from './ojc-client';

/** What the donor reads when OJC declines the card, by OJC's status. */
export const declineMessages: Record<DeclineStatus, string> = {
  406: 'The card number or expiry date was not accepted. Please check them and try again.',
  451: "This gift is over your OJC card's available limit.",
  452: "Your OJC card's daily limit has been reached. Please try again tomorrow.",
  462: 'This OJC card is invalid or inactive.',
};

export const chargeMessages = {
  unavailable:
    'We could not reach OJC Fund. Your card was not charged. Please try again in a few minutes.',
  misconfigured: 'OJC Fund payments are not available right now. Please contact us directly.',
  unconfirmed:
    'OJC Fund did not answer in time, so we cannot tell yet whether your card was charged. Please do not try again: we will check with OJC Fund and write to you.',
  alreadyPaid: 'This gift has already been paid. Thank you!',
  inProgress:
    'This payment is already being processed. Please wait a moment and reload the page, or contact us before trying again.',
  tooManyAttempts:
    'This card was declined too many times for this gift. Please contact us to complete your donation.',
  monthlyNotSetUp:
    'Monthly OJC gifts are not set up on this site. Please give once, or choose a credit card for a monthly gift.',
  notFound: 'This payment was not found. Please start your donation again.',
};

/** The refusal a charge that did not go through answers with. */
export function refusalOf(outcome: Exclude<ChargeOutcome, { kind: 'approved' }>): AppError {
  switch (outcome.kind) {
    case 'declined':
      return new AppError('payment_declined', declineMessages[outcome.status]);
    case 'misconfigured':
      return new AppError('bad_gateway', chargeMessages.misconfigured);
    case 'unavailable':
      return new AppError('bad_gateway', chargeMessages.unavailable);
    case 'unconfirmed':
      return new AppError('bad_gateway', chargeMessages.unconfirmed);
  }
}
