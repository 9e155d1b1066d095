import { describe, expect, it } from 'vitest';
import {
  donateHrefFromCheckout,
  donateQuery,
  offeredMethod,
  readDonateChoice,
} from './donate-choice';

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
