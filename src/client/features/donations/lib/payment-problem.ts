import { ApiError } from '~/client/lib/api';

/** Said whenever it is certain: the one thing a donor most needs to know after a failure. */
export const NOTHING_TAKEN = 'No money was taken.';

/** What to do next, by the kind of refusal, when the server's sentence does not say. */
const nextStep: Record<number, string> = {
  400: 'Please correct it and try again.',
  402: 'Please check the card, or use another one.',
  404: 'Please start again from the donate page.',
  429: 'Please wait a minute and try again.',
  503: 'Please give another way, or contact us.',
};

/** Whether the sentence already says what happened to the money, or what to do. */
const saysMoney = /charged|taken|no payment/i;
const saysWhatToDo = /please|try again|contact us/i;

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * A failed payment step in a donor's words: what happened, whether money was taken,
 * and what to do; never an HTTP status or an internal code. `stage` says how far the gift got:
 * `setup` fails before any card is charged; a failure while `charging` may come after the charge
 * when the answer was lost, and then it says so instead of promising nothing was taken.
 */
export function paymentProblem(error: unknown, stage: 'setup' | 'charging' = 'setup'): string {
  if (!(error instanceof ApiError)) {
    return stage === 'setup'
      ? `We could not reach our server. ${NOTHING_TAKEN} Please check your connection and try again.`
      : 'We lost the connection before hearing whether your card was charged. Please do not pay again yet: check your email for a receipt, or contact us.';
  }
  if (error.status === 403) {
    // The server's refusal of a request from another site or an expired page: not the donor's doing.
    return `This page could not send your payment safely, so it was stopped. ${NOTHING_TAKEN} Please reload the page and try again.`;
  }
  const said = sentence(error.message || 'Your payment could not be completed');
  // The server's 409 and 502 answers say themselves whether the card was charged.
  if (saysMoney.test(said) || error.status === 409) return said;
  if (stage === 'charging' && error.status >= 500 && error.status !== 503) {
    return `${said} We cannot tell yet whether your card was charged: please check your email for a receipt, or contact us, before trying again.`;
  }
  const todo = saysWhatToDo.test(said)
    ? ''
    : (nextStep[error.status] ?? 'Please try again in a few minutes, or contact us.');
  return [said, NOTHING_TAKEN, todo].filter(Boolean).join(' ');
}

/**
 * Stripe's refusal of a card, as Stripe words it ('Your card was declined.'), with what the donor
 * needs besides: a card error or an invalid detail means nothing was charged.
 */
export function cardProblem(error: { type?: string; message?: string }): string {
  const said = sentence(error.message || 'Your payment could not be completed');
  if (error.type === 'card_error' || error.type === 'validation_error') {
    return `${said} ${NOTHING_TAKEN} ${saysWhatToDo.test(said) ? '' : 'Please check the card, or use another one.'}`.trim();
  }
  return `${said} If you are not sure whether your card was charged, please check your email for a receipt before trying again.`;
}
