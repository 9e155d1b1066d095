import { describe, expect, it } from 'vitest';
import { checkAmount } from './gift-amount';

const limits = { minDollars: 1, maxDollars: 25_000 };

describe('an amount checked where it is typed', () => {
  it('takes whole dollars within the limits', () => {
    expect(checkAmount('1', limits, '(845) 555-0142')).toEqual({
      amount: 1,
      problem: null,
      fix: null,
    });
    expect(checkAmount(' 25000 ', limits, '(845) 555-0142')).toEqual({
      amount: 25_000,
      problem: null,
      fix: null,
    });
    // Blank is no message under the field; the button says what to do.
    expect(checkAmount('', limits, '(845) 555-0142')).toEqual({
      amount: null,
      problem: null,
      fix: 'Choose an amount to donate',
    });
  });

  it('says what is wrong with the others', () => {
    expect(checkAmount('25001', limits, '(845) 555-0142').problem).toMatch(
      /^The most we can take online is \$25,000 per gift\. For a larger gift, please call the office at \(845\) 555-0142\.$/,
    );
    expect(checkAmount('12.5', limits, '(845) 555-0142').problem).toBe(
      'Please enter whole dollars, without cents: $12 or $13.',
    );
    expect(checkAmount('0', limits, '(845) 555-0142').problem).toBe(
      'The smallest gift we can take online is $1.',
    );
    expect(checkAmount('-3', limits, '(845) 555-0142').problem).toBe(
      'The smallest gift we can take online is $1.',
    );
    expect(checkAmount('abc', limits, '(845) 555-0142').problem).toBe(
      'Please enter the amount in whole dollars, like 36.',
    );
  });

  it('gives the disabled button a few words of what to do, never an amount of $0', () => {
    const fix = (text: string) => checkAmount(text, limits, '(845) 555-0142').fix;
    expect(fix('25001')).toBe('Enter $25,000 or less');
    expect(fix('0')).toBe('Enter at least $1');
    expect(fix('12.5')).toBe('Enter whole dollars');
    expect(fix('abc')).toBe('Enter the amount in dollars');
  });
});
