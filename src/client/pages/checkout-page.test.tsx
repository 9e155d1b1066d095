// @vitest-environment happy-dom
import siteConfig from '@site-config';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CheckoutPageData, DonateOptions } from '~/shared/donate-options';
import { PageDataProvider } from '~/client/app/page-data';
import { never, renderWithProviders, serveApi } from '~/client/test/component-test-kit';
import CheckoutPage from './checkout-page';

const setUp: DonateOptions = {
  limits: { minDollars: 1, maxDollars: 25_000 },
  methods: { onetime: ['credit_card', 'ojc'], subscription: ['credit_card', 'ojc'] },
};

/** The checkout as the server renders it for `query`, with its data. */
function open(query: string, options: DonateOptions | CheckoutPageData | undefined = setUp) {
  return renderWithProviders(
    <PageDataProvider
      snapshot={options ? { path: '/checkout', search: query, data: options } : undefined}
    >
      <CheckoutPage />
    </PageDataProvider>,
    { path: `/checkout?${query}` },
  );
}

describe('the checkout before any form', () => {
  it('says plainly that an amount is over the limit, with a way back that keeps the choice', () => {
    open('amount=25001&type=subscription&method=ojc');
    expect(
      screen.getByRole('heading', { name: 'This amount cannot be given online' }),
    ).toBeDefined();
    const said = screen.getByText(/This page was opened for a gift of \$25,001\./).textContent;
    expect(said).toContain('The most we can take online is $25,000 per gift.');
    expect(said).toContain(siteConfig.contact.phone);
    expect(said).toContain('Nothing has been charged.');
    expect(screen.getByRole('link', { name: 'Choose another amount' }).getAttribute('href')).toBe(
      '/donate?amount=25001&type=subscription&method=ojc',
    );
    expect(screen.queryByLabelText(/Full Name/)).toBeNull();
    expect(screen.queryByText(/\d{3}:/)).toBeNull();
  });

  it('offers the method that works when the one asked for is not set up', () => {
    open('amount=36&type=onetime&method=credit_card', {
      ...setUp,
      methods: { onetime: ['ojc'], subscription: ['ojc'] },
    });
    expect(screen.getByRole('heading', { name: 'Card payments are not set up' })).toBeDefined();
    expect(screen.queryByText('Payment Setup Error')).toBeNull();
    expect(
      screen
        .getByRole('link', { name: 'Give $36 with an OJC Fund charity card' })
        .getAttribute('href'),
    ).toBe('/checkout?amount=36&type=onetime&method=ojc');
    expect(screen.getByRole('link', { name: siteConfig.contact.email })).toBeDefined();
  });

  it('offers the card for a monthly gift when monthly OJC gifts are not set up', () => {
    open('amount=72&type=subscription&method=ojc', {
      ...setUp,
      methods: { onetime: ['credit_card', 'ojc'], subscription: ['credit_card'] },
    });
    expect(screen.getByRole('heading', { name: 'OJC Fund payments are not set up' })).toBeDefined();
    expect(
      screen.getByRole('link', { name: 'Give $72 a month by credit card' }).getAttribute('href'),
    ).toBe('/checkout?amount=72&type=subscription&method=credit_card');
  });

  it('sends the donor to the office when no method is set up, never to one that is not either', () => {
    open('amount=36&type=onetime&method=ojc', {
      ...setUp,
      methods: { onetime: [], subscription: [] },
    });
    expect(
      screen.getByRole('heading', { name: 'Online giving is not available right now' }),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: siteConfig.contact.phone })).toBeDefined();
    expect(screen.queryByRole('link', { name: /^Give \$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /via OJC/ })).toBeNull();
  });

  it('hides a membership’s other method when that one is not set up', () => {
    serveApi({ 'GET /api/stripe-config': never });
    open('amount=180&type=subscription&method=credit_card&membership=tok', {
      ...setUp,
      methods: { onetime: ['credit_card', 'ojc'], subscription: ['credit_card'] },
    });
    expect(screen.getByText(/This monthly gift is your membership/)).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Pay with an OJC charity card instead' })).toBeNull();
    expect(screen.getByText('Setting up your payment...')).toBeDefined();
  });

  it('fills a membership’s checkout with the member’s name and email, and goes back home, not to the donate page', () => {
    open('amount=180&type=subscription&method=ojc&membership=tok', {
      ...setUp,
      membershipDonor: { name: 'Chana Weiss', email: 'chana@example.org' },
    } as DonateOptions);
    expect(screen.getByLabelText(/Full Name/)).toHaveProperty('value', 'Chana Weiss');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveProperty(
      'value',
      'chana@example.org',
    );
    expect(screen.queryByRole('link', { name: /Back to the donate page/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Back to Homepage/ }).getAttribute('href')).toBe('/');
  });

  it('fills nothing from the address bar: without the server’s member, the donor form is empty', () => {
    open('amount=180&type=subscription&method=ojc&membership=tok&name=Evil&email=e%40x.org');
    expect(screen.getByLabelText(/Full Name/)).toHaveProperty('value', '');
  });

  it('opens the form as before when the gift can be taken', () => {
    open('amount=36&type=onetime&method=ojc');
    expect(screen.getByRole('button', { name: 'Donate $36 via OJC' })).toBeDefined();
  });
});

describe('Back to a checkout whose gift was made', () => {
  const made = {
    ...setUp,
    card: null,
    attempt: 'attempt-key',
    giftMade: { amountCents: 3600, type: 'onetime' as const, processing: false },
  };

  it('says the gift was made instead of showing a form ready to charge it again', () => {
    open('amount=36&type=onetime&method=credit_card&gift=pi_made123', made);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your Gift Has Been Made' }),
    ).toBeDefined();
    expect(screen.getByText(/Your \$36\.00 gift was received: thank you\./)).toBeDefined();
    expect(screen.queryByLabelText(/Full Name/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Complete Donation/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Give again' }).getAttribute('href')).toBe(
      '/checkout?amount=36&type=onetime&method=credit_card',
    );
  });

  it('says the bank is still completing it when it is', () => {
    open('amount=36&type=onetime&method=credit_card&gift=pi_made123', {
      ...made,
      giftMade: { ...made.giftMade, processing: true },
    });
    expect(screen.getByText(/Your \$36\.00 gift is being completed by your bank\./)).toBeDefined();
  });

  it('asks the server again when the browser restores a checkout that set a payment up', () => {
    serveApi({ 'GET /api/stripe-config': never });
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/checkout?amount=36&type=onetime&method=credit_card');
    open('amount=36&type=onetime&method=credit_card', setUp);
    const pageshow = (persisted: boolean) =>
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted }));
    // Restored before any payment was set up: nothing to ask.
    pageshow(true);
    expect(reload).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/checkout?amount=36&type=onetime&gift=pi_made123');
    pageshow(false);
    expect(reload).not.toHaveBeenCalled();
    pageshow(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
