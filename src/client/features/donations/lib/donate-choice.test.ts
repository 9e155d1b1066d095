import { describe, expect, it } from 'vitest';
import {
  checkAmount,
  donateHrefFromCheckout,
  donateQuery,
  offeredMethod,
  readDonateChoice,
} from './donate-choice';

const limits = { minDollars: 1, maxDollars: 25_000 };

describe('the donate page’s choice in its address', () => {
  it('reads what a link names, and defaults the rest', () => {
    expect(readDonateChoice(new URLSearchParams('amount=72&type=subscription&method=ojc'))).toEqual(
      {
        tab: 'onetime',
        amount: '72',
        typed: false,
        monthly: true,
        method: 'ojc',
        missing: false,
      },
    );
    expect(readDonateChoice(new URLSearchParams('tab=monthly&type=monthly&method=cash'))).toEqual({
      tab: 'monthly',
      amount: '',
      typed: true,
      monthly: true,
      method: null,
      missing: false,
    });
  });

  it('reads the form sent without JavaScript: the first amount that is not blank', () => {
    expect(readDonateChoice(new URLSearchParams('amount=&amount=72')).amount).toBe('72');
    expect(readDonateChoice(new URLSearchParams('amount=54&amount=72')).amount).toBe('54');
    expect(readDonateChoice(new URLSearchParams('amount=54')).typed).toBe(true);
  });

  it('writes it back in the checkout’s words, the method as offered', () => {
    const choice = readDonateChoice(new URLSearchParams('amount=72&method=ojc&tab=monthly'));
    expect(donateQuery(choice, 'ojc')).toBe('amount=72&type=onetime&method=ojc&tab=monthly');
    expect(donateQuery({ ...choice, amount: '', tab: 'onetime' }, null)).toBe('type=onetime');
  });

  it('offers the method asked for if it is set up, else the first that is', () => {
    expect(offeredMethod('ojc', ['credit_card', 'ojc'])).toBe('ojc');
    expect(offeredMethod('ojc', ['credit_card'])).toBe('credit_card');
    expect(offeredMethod(null, ['ojc'])).toBe('ojc');
    expect(offeredMethod('credit_card', [])).toBeNull();
  });
});

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

describe('a checkout address without a usable amount', () => {
  it('goes back to the donate page with the choice, told when the amount was missing', () => {
    const back = (query: string) => donateHrefFromCheckout(new URLSearchParams(query));
    expect(back('amount=&type=subscription&method=ojc')).toBe(
      '/donate?type=subscription&method=ojc&missing=amount',
    );
    expect(back('')).toBe('/donate?type=onetime&missing=amount');
    // A typed amount comes back as typed; the donate page says what is wrong with it.
    expect(back('amount=12.5&type=onetime&method=credit_card')).toBe(
      '/donate?amount=12.5&type=onetime&method=credit_card',
    );
    const told = readDonateChoice(new URLSearchParams('type=onetime&missing=amount'));
    expect(told.missing).toBe(true);
    // An amount in the address is not missing, whatever else it says.
    expect(readDonateChoice(new URLSearchParams('amount=5&missing=amount')).missing).toBe(false);
  });
});
