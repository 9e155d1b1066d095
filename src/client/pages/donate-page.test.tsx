// @vitest-environment happy-dom
import siteConfig from '@site-config';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DonateOptions } from '~/shared/donate-options';
import { PAGE_DATA_ELEMENT_ID, PageDataProvider } from '~/client/app/page-data';
import {
  fieldError,
  json,
  renderWithProviders,
  serveApi,
  stubNavigation,
} from '~/client/test/component-test-kit';
import DonatePage from './donate-page';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

const setUp: DonateOptions = {
  limits: { minDollars: 1, maxDollars: 25_000 },
  methods: { onetime: ['credit_card', 'ojc'], subscription: ['credit_card', 'ojc'] },
};

/** The page as the server renders it for `path`: with its data (the limits, the methods set up). */
function open(path = '/donate', options: DonateOptions = setUp) {
  const [pathname = '/donate', search = ''] = path.split('?');
  return renderWithProviders(
    <PageDataProvider snapshot={{ path: pathname, search, data: options }}>
      <DonatePage />
    </PageDataProvider>,
    { path },
  );
}

/** Opens /donate with a query, as a redirect back from the checkout or Stripe would. */
function arriveAt(path: string) {
  window.history.replaceState(null, '', path);
  return open(path);
}

/** The banner (status or alert) holding a text. */
const banner = (text: string | RegExp) =>
  screen.getByText(text).closest<HTMLElement>('[role="status"], [role="alert"]')!;

/** The form's Donate button, whatever it reads: with an amount 'Donate $X', else what to do. */
const donateButton = () =>
  screen.getByRole('button', { name: /^(Donate \$|Choose an amount|Enter )/ });
const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('the donate page', () => {
  it('opens on the one-time form, and the monthly tab shows the tiers', async () => {
    const { user } = open();
    expect(screen.getByRole('tab', { name: 'One-Time' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('heading', { name: 'Make a Donation' })).toBeDefined();
    expect(screen.queryByText(/Thank you for your generous donation/)).toBeNull();
    expect(screen.queryByText(/issue processing your payment/)).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Monthly' }));
    expect(screen.getByRole('heading', { name: 'Become a Monthly Partner' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Make a Donation' })).toBeNull();
    expect(screen.getAllByRole('link', { name: /^Subscribe \$\d+\/month$/ })).toHaveLength(
      siteConfig.tiers.length,
    );
  });

  it('keeps the payment method chosen on one tab on the other', async () => {
    const { user } = open();
    await user.click(screen.getByRole('radio', { name: /OJC Fund/ }));
    await user.click(screen.getByRole('tab', { name: 'Monthly' }));
    expect((screen.getByRole('radio', { name: /OJC Fund/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    const [tier] = siteConfig.tiers;
    expect(
      screen.getByRole('link', { name: `Subscribe $${tier!.price}/month` }).getAttribute('href'),
    ).toContain('method=ojc');
  });

  it('thanks the donor after success=true and takes the query out of the address', async () => {
    const { history } = arriveAt('/donate?success=true');
    expect(banner('Thank you for your generous donation!').getAttribute('role')).toBe('status');
    await waitFor(() => expect(history.at(-1)).toBe('/donate'));
  });

  it('shows the error banner with the office contact after error=', () => {
    arriveAt('/donate?error=payment_failed');
    const alert = banner(/There was an issue processing your payment/);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('There was an issue processing your payment');
    expect(alert.textContent).toContain(siteConfig.contact.email);
  });

  it('reports a payment confirmed after a redirect, and thanks the donor', async () => {
    const api = serveApi({
      'POST /api/record-donation': json({
        success: true,
        donation: {
          id: 'd1',
          amount: 3600,
          currency: 'usd',
          donationType: 'onetime',
          status: 'succeeded',
        },
      }),
    });
    arriveAt('/donate?success=true&payment_intent=pi_123abc&redirect_status=succeeded');
    expect(banner('Thank you for your generous donation!')).toBeDefined();
    await waitFor(() => expect(api.to('POST /api/record-donation')).toHaveLength(1));
    expect(api.requests[0]!.body).toEqual({ stripePaymentId: 'pi_123abc' });
  });

  it('shows the error banner, not the thank-you, when the redirect failed', () => {
    arriveAt('/donate?success=true&payment_intent=pi_123abc&redirect_status=failed');
    expect(banner(/There was an issue processing your payment/)).toBeDefined();
    expect(screen.queryByText('Thank you for your generous donation!')).toBeNull();
  });

  it('keeps the choice in the address, replacing it at each change: no history entry per click', async () => {
    const { user, history } = open();
    await user.click(screen.getByRole('button', { name: '$72' }));
    expect(history).toEqual(['/donate?amount=72&type=onetime&method=credit_card']);
    await user.click(
      screen.getByRole('checkbox', { name: 'Make this a monthly recurring donation' }),
    );
    await user.click(radio(/OJC Fund/));
    expect(history).toEqual(['/donate?amount=72&type=subscription&method=ojc']);
    await user.click(screen.getByRole('tab', { name: 'Monthly' }));
    expect(history).toEqual(['/donate?amount=72&type=subscription&method=ojc&tab=monthly']);
  });

  it('shows what its address holds, and the button says what it will do', async () => {
    const { user } = open('/donate?amount=72&type=subscription&method=ojc');
    expect(screen.getByRole('button', { name: '$72' }).getAttribute('aria-pressed')).toBe('true');
    expect(
      (
        screen.getByRole('checkbox', {
          name: 'Make this a monthly recurring donation',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    expect(radio(/OJC Fund/).checked).toBe(true);
    expect(donateButton().textContent).toBe('Donate $72/month');
    // Another preset keeps the rest of the choice.
    await user.click(screen.getByRole('button', { name: '$36' }));
    expect(donateButton().textContent).toBe('Donate $36/month');
    expect(radio(/OJC Fund/).checked).toBe(true);
    const navigate = stubNavigation();
    await user.click(donateButton());
    expect(navigate).toHaveBeenCalledWith('/checkout?amount=36&type=subscription&method=ojc');
  });

  it('opens on the monthly tab when the address says so, with a link’s word for monthly', () => {
    open('/donate?tab=monthly&method=ojc');
    expect(screen.getByRole('tab', { name: 'Monthly' }).getAttribute('aria-selected')).toBe('true');
    expect(radio(/OJC Fund/).checked).toBe(true);
  });

  it('reads type=monthly in a shared link as a monthly gift', () => {
    open('/donate?amount=100&type=monthly');
    expect(donateButton().textContent).toBe('Donate $100/month');
  });

  it('says what is wrong with an amount from the address, under the field', () => {
    open('/donate?amount=25001');
    expect(fieldError('Custom amount (USD)')).toMatch(/^The most we can take online is \$25,000/);
    expect((donateButton() as HTMLButtonElement).disabled).toBe(true);
    expect(donateButton().textContent).toBe('Enter $25,000 or less');
  });

  it('says what was missing when Donate was pressed without an amount (no scripts)', async () => {
    const { user } = open('/donate?type=onetime&method=ojc&missing=amount');
    expect(fieldError('Custom amount (USD)')).toBe(
      'Choose an amount or type one, then press Donate.',
    );
    expect(donateButton().textContent).toBe('Choose an amount to donate');
    // Told once: choosing an amount ends it, and the address no longer says it.
    await user.click(screen.getByRole('button', { name: '$72' }));
    expect(fieldError('Custom amount (USD)')).toBeFalsy();
  });

  it('makes each tab a link to the page open on it, so the tabs work without scripts', () => {
    open('/donate?amount=72&method=ojc');
    expect(screen.getByRole('tab', { name: 'Monthly' }).getAttribute('href')).toBe(
      '/donate?amount=72&type=onetime&method=ojc&tab=monthly',
    );
    expect(screen.getByRole('tab', { name: 'One-Time' }).getAttribute('href')).toBe(
      '/donate?amount=72&type=onetime&method=ojc',
    );
  });

  it('keeps the choice when the result flags leave the address', async () => {
    const { history } = arriveAt('/donate?success=true&amount=72&type=onetime&method=ojc');
    await waitFor(() => expect(history.at(-1)).toBe('/donate?amount=72&type=onetime&method=ojc'));
    expect(banner('Thank you for your generous donation!')).toBeDefined();
  });

  it('offers only the methods set up, per kind of gift', async () => {
    const { user } = open('/donate', {
      ...setUp,
      methods: { onetime: ['credit_card', 'ojc'], subscription: ['credit_card'] },
    });
    await user.click(radio(/OJC Fund/));
    await user.click(screen.getByRole('button', { name: '$72' }));
    await user.click(
      screen.getByRole('checkbox', { name: 'Make this a monthly recurring donation' }),
    );
    // Monthly OJC gifts are not set up: the card is what the button will use.
    expect(screen.queryByRole('radio', { name: /OJC Fund/ })).toBeNull();
    expect(radio(/Credit Card/).checked).toBe(true);
    const navigate = stubNavigation();
    await user.click(donateButton());
    expect(navigate).toHaveBeenCalledWith(
      '/checkout?amount=72&type=subscription&method=credit_card',
    );
  });

  it('says how to give another way when no method is set up, instead of a form', async () => {
    const { user } = open('/donate', {
      ...setUp,
      methods: { onetime: [], subscription: [] },
    });
    expect(
      screen.getByRole('heading', { name: 'Online giving is not available right now' }),
    ).toBeDefined();
    for (const text of [
      siteConfig.contact.phone,
      siteConfig.contact.email,
      siteConfig.contact.addressLine,
    ]) {
      expect(screen.getByText(new RegExp(text.replace(/[().]/g, '\\$&')))).toBeDefined();
    }
    expect(screen.queryByRole('button', { name: /^Donate \$/ })).toBeNull();
    expect(screen.queryByLabelText('Custom amount (USD)')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Monthly' }));
    expect(screen.queryByRole('group', { name: 'Payment method' })).toBeNull();
    expect(
      screen.getByRole('heading', { name: 'Monthly payments cannot be made online right now' }),
    ).toBeDefined();
    const [tier] = siteConfig.tiers;
    expect(
      screen.getByRole('link', { name: `Subscribe $${tier!.price}/month` }).getAttribute('href'),
    ).toBe(`/join?tier=${tier!.id}`);
  });

  it('opened inside the app (no server data), reads its options from the page the server renders', async () => {
    const options: DonateOptions = {
      limits: { minDollars: 1, maxDollars: 500 },
      methods: { onetime: ['ojc'], subscription: ['ojc'] },
    };
    const snapshot = JSON.stringify({ path: '/donate', search: '', data: options });
    const api = serveApi({
      'GET /donate': new Response(
        `<!doctype html><html><body><div id="root"></div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${snapshot}</script></body></html>`,
        { headers: { 'content-type': 'text/html' } },
      ),
    });
    const { user } = renderWithProviders(<DonatePage />, { path: '/donate' });
    expect(
      screen.getAllByRole('status').some((s) => /Loading the ways to give/.test(s.textContent!)),
    ).toBe(true);
    expect(await screen.findByRole('radio', { name: /OJC Fund/ })).toBeDefined();
    expect(screen.queryByRole('radio', { name: /Credit Card/ })).toBeNull();
    await user.type(screen.getByLabelText('Custom amount (USD)'), '501');
    expect(fieldError('Custom amount (USD)')).toMatch(/^The most we can take online is \$500 /);
    expect(api.to('GET /donate')).toHaveLength(1);
  });

  it('offers every method when its options cannot be read, and leaves the checks to the checkout', async () => {
    serveApi({ 'GET /donate': json({ error: { message: 'down' } }, 503) });
    renderWithProviders(<DonatePage />, { path: '/donate' });
    expect(await screen.findByRole('radio', { name: /Credit Card/ })).toBeDefined();
    expect(screen.getByRole('radio', { name: /OJC Fund/ })).toBeDefined();
  });
});
