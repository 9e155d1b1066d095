// @vitest-environment happy-dom
import siteConfig from '@site-config';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, renderWithProviders, serveApi } from '../test/component-test-kit';
import DonatePage from './donate-page';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

/** Opens /donate with a query, as a redirect back from the checkout or Stripe would. */
function arriveAt(path: string) {
  window.history.replaceState(null, '', path);
  return renderWithProviders(<DonatePage />, { path });
}

/** The banner (status or alert) holding a text. */
const banner = (text: string | RegExp) =>
  screen.getByText(text).closest<HTMLElement>('[role="status"], [role="alert"]')!;

describe('the donate page', () => {
  it('opens on the one-time form, and the monthly tab shows the tiers', async () => {
    const { user } = renderWithProviders(<DonatePage />, { path: '/donate' });
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
    const { user } = renderWithProviders(<DonatePage />, { path: '/donate' });
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
});
