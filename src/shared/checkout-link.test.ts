import { describe, expect, it } from 'vitest';
import { checkoutHref, parseCheckoutChoice, parseWholeDollars } from './checkout-link';

describe('the checkout link', () => {
  it('carries amount, type and method in the spec’s query', () => {
    expect(checkoutHref({ amount: 72, type: 'subscription', method: 'ojc' })).toBe(
      '/checkout?amount=72&type=subscription&method=ojc',
    );
  });

  it('reads back what it wrote', () => {
    const choice = { amount: 250, type: 'onetime', method: 'credit_card' } as const;
    const query = new URLSearchParams(checkoutHref(choice).split('?')[1]);
    expect(parseCheckoutChoice(query)).toEqual(choice);
  });

  it('passes on a membership token with a monthly gift only', () => {
    const choice = {
      amount: 180,
      type: 'subscription',
      method: 'credit_card',
      membership: 'eyJw.sig',
    } as const;
    const query = new URLSearchParams(checkoutHref(choice).split('?')[1]);
    expect(parseCheckoutChoice(query)).toEqual(choice);
    expect(
      parseCheckoutChoice(new URLSearchParams('amount=180&type=onetime&membership=eyJw.sig')),
    ).toEqual({ amount: 180, type: 'onetime', method: 'credit_card' });
  });

  it('passes on a campaign and the wall choice, and drops a slug or choice of another shape', () => {
    const choice = {
      amount: 36,
      type: 'subscription',
      method: 'credit_card',
      campaign: 'chai-day',
      wall: 'initials',
    } as const;
    expect(checkoutHref(choice)).toBe(
      '/checkout?amount=36&type=subscription&method=credit_card&campaign=chai-day&wall=initials',
    );
    const query = new URLSearchParams(checkoutHref(choice).split('?')[1]);
    expect(parseCheckoutChoice(query)).toEqual(choice);
    expect(
      parseCheckoutChoice(new URLSearchParams('amount=36&campaign=Chai%20Day&wall=initials')),
    ).toEqual({ amount: 36, type: 'onetime', method: 'credit_card' });
    expect(
      parseCheckoutChoice(new URLSearchParams('amount=36&campaign=chai-day&wall=all')),
    ).toEqual({ amount: 36, type: 'onetime', method: 'credit_card', campaign: 'chai-day' });
  });

  it('defaults to a one-time card gift', () => {
    expect(parseCheckoutChoice(new URLSearchParams('amount=18'))).toEqual({
      amount: 18,
      type: 'onetime',
      method: 'credit_card',
    });
    expect(parseCheckoutChoice(new URLSearchParams('amount=18&type=weekly&method=cash'))).toEqual({
      amount: 18,
      type: 'onetime',
      method: 'credit_card',
    });
  });

  it('has no gift without a whole amount above zero', () => {
    for (const query of [
      '',
      'amount=',
      'amount=0',
      'amount=-5',
      'amount=12.5',
      'amount=abc',
      'amount=1e3',
    ]) {
      expect(parseCheckoutChoice(new URLSearchParams(query))).toBeNull();
    }
  });

  it('reads the donate form sent without JavaScript: its first amount that is not blank', () => {
    // The typed amount comes first, then the preset Donate carries.
    expect(parseCheckoutChoice(new URLSearchParams('amount=&method=ojc&amount=72'))).toEqual({
      amount: 72,
      type: 'onetime',
      method: 'ojc',
    });
    expect(parseCheckoutChoice(new URLSearchParams('amount=54&amount=72'))?.amount).toBe(54);
  });
});

describe('a typed amount', () => {
  it('is whole dollars above zero', () => {
    expect(parseWholeDollars(' 36 ')).toBe(36);
    expect(parseWholeDollars('0')).toBeNull();
    expect(parseWholeDollars('')).toBeNull();
    expect(parseWholeDollars(null)).toBeNull();
    expect(parseWholeDollars('7.5')).toBeNull();
    expect(parseWholeDollars('9999999999')).toBeNull();
  });
});

describe('a campaign gift’s link', () => {
  const choice = {
    amount: 180,
    type: 'onetime',
    method: 'ojc',
    campaign: 'giving-day-2026',
    wall: 'initials',
    dedication: {
      kind: 'refuah',
      name: 'Moshe Cohen',
      hebrewName: 'משה',
      relation: 'ben',
      motherHebrewName: 'שרה',
    },
  } as const;

  it('carries the campaign, the wall choice and the dedication, and reads them back', () => {
    const href = checkoutHref(choice);
    const query = new URLSearchParams(href.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      amount: '180',
      type: 'onetime',
      method: 'ojc',
      campaign: 'giving-day-2026',
      wall: 'initials',
      dedication: 'refuah',
      dedicationName: 'Moshe Cohen',
      hebrewName: 'משה',
      relation: 'ben',
      motherHebrewName: 'שרה',
    });
    expect(parseCheckoutChoice(query)).toEqual(choice);
  });

  it('reads the campaign page’s form sent without JavaScript, blank fields left out', () => {
    const query = new URLSearchParams(
      'campaign=giving-day&amount=&amount=54&type=subscription&method=credit_card&wall=name' +
        '&dedication=honor&dedicationName=+Rivka+Levy+&hebrewName=&relation=bat&motherHebrewName=',
    );
    expect(parseCheckoutChoice(query)).toEqual({
      amount: 54,
      type: 'subscription',
      method: 'credit_card',
      campaign: 'giving-day',
      wall: 'name',
      dedication: { kind: 'honor', name: 'Rivka Levy', relation: 'bat' },
    });
  });

  it('drops what it cannot use: an unknown wall choice, a bad slug, a dedication without its kind or name', () => {
    for (const query of [
      'amount=18&campaign=Bad Slug!&wall=everyone&dedication=honor',
      'amount=18&campaign=-x&dedication=praise&dedicationName=Rivka',
      'amount=18&dedication=memory&dedicationName=+++',
      `amount=18&campaign=${'a'.repeat(101)}`,
    ]) {
      expect(parseCheckoutChoice(new URLSearchParams(query))).toEqual({
        amount: 18,
        type: 'onetime',
        method: 'credit_card',
      });
    }
  });

  it('cuts a very long name to what the server checks', () => {
    const query = new URLSearchParams(
      `amount=18&dedication=memory&dedicationName=${'x'.repeat(300)}`,
    );
    expect(parseCheckoutChoice(query)?.dedication?.name).toHaveLength(100);
  });

  it('carries a campaign gift’s utm_* both ways, cleaned and cut, and drops them without a campaign', () => {
    const href = checkoutHref({
      amount: 36,
      type: 'onetime',
      method: 'ojc',
      campaign: 'giving-day',
      referrer: { source: 'whatsapp', campaign: 'erev' },
    });
    expect(href).toBe(
      '/checkout?amount=36&type=onetime&method=ojc&campaign=giving-day&utm_source=whatsapp&utm_campaign=erev',
    );
    const query = new URLSearchParams(
      `amount=36&campaign=giving-day&utm_source=%0Anews%E2%80%AEletter&utm_medium=${'m'.repeat(300)}&utm_content=+`,
    );
    expect(parseCheckoutChoice(query)?.referrer).toEqual({
      source: 'news letter',
      medium: 'm'.repeat(100),
    });
    expect(
      parseCheckoutChoice(new URLSearchParams('amount=36&utm_source=mail'))?.referrer,
    ).toBeUndefined();
  });
});
