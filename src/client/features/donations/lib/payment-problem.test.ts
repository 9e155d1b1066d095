import { describe, expect, it } from 'vitest';
import { ApiError } from '~/client/lib/api';
import { cardProblem, paymentProblem } from './payment-problem';

describe('a failed payment step in a donor’s words', () => {
  it('never leads with a status, says no money was taken, and what to do', () => {
    expect(paymentProblem(new ApiError(400, 'Amount must be at most $25,000'))).toBe(
      'Amount must be at most $25,000. No money was taken. Please correct it and try again.',
    );
    expect(paymentProblem(new ApiError(402, 'This OJC card is invalid or inactive.'))).toBe(
      'This OJC card is invalid or inactive. No money was taken. Please check the card, or use another one.',
    );
    expect(
      paymentProblem(new ApiError(503, 'OJC Fund payments are not set up on this site.')),
    ).toBe(
      'OJC Fund payments are not set up on this site. No money was taken. Please give another way, or contact us.',
    );
  });

  it('turns the cross-site refusal into something a donor can act on', () => {
    const said = paymentProblem(new ApiError(403, 'Cross-site requests are not allowed.'));
    expect(said).not.toMatch(/cross-site|403/i);
    expect(said).toContain('No money was taken.');
    expect(said).toContain('Please reload the page and try again.');
  });

  it('keeps the server’s own word on the money and on what to do', () => {
    const unconfirmed =
      'OJC Fund did not answer in time, so we cannot tell yet whether your card was charged. Please do not try again.';
    expect(paymentProblem(new ApiError(502, unconfirmed), 'charging')).toBe(unconfirmed);
    expect(
      paymentProblem(
        new ApiError(
          402,
          'The card number or expiry date was not accepted. Please check them and try again.',
        ),
        'charging',
      ),
    ).toBe(
      'The card number or expiry date was not accepted. Please check them and try again. No money was taken.',
    );
    expect(
      paymentProblem(new ApiError(409, 'This payment has already been made.'), 'charging'),
    ).toBe('This payment has already been made.');
  });

  it('does not promise nothing was taken when the answer to a charge was lost', () => {
    const lost = paymentProblem(new TypeError('Failed to fetch'), 'charging');
    expect(lost).not.toContain('No money was taken');
    expect(lost).toContain('Please do not pay again yet');
    const failed = paymentProblem(
      new ApiError(500, 'Something went wrong on our side.'),
      'charging',
    );
    expect(failed).not.toContain('No money was taken');
    expect(failed).toContain('We cannot tell yet whether your card was charged');
    // Before any charge, an unreachable server took nothing.
    expect(paymentProblem(new TypeError('Failed to fetch'))).toBe(
      'We could not reach our server. No money was taken. Please check your connection and try again.',
    );
  });

  it('adds to Stripe’s refusal of a card that nothing was charged', () => {
    expect(cardProblem({ type: 'card_error', message: 'Your card was declined.' })).toBe(
      'Your card was declined. No money was taken. Please check the card, or use another one.',
    );
    expect(cardProblem({ type: 'api_connection_error', message: 'Network error' })).toMatch(
      /^Network error\. If you are not sure whether your card was charged/,
    );
  });
});
