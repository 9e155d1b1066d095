// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OjcPayment } from '~/shared/schemas/ojc';
import {
  apiError,
  json,
  never,
  renderWithProviders,
  serveApi,
} from '~/client/test/component-test-kit';
import OjcPaymentPage from './ojc-payment-page';

const paymentId = '3f0c5a52-8f8e-4a52-9a3c-6d1f0b2a9e11';
const pending: OjcPayment = {
  paymentId,
  amountCents: 18_000,
  feeCents: 0,
  currency: 'usd',
  donationType: 'subscription',
  donorName: 'Moshe Levi',
  dedication: null,
  status: 'pending',
  cardLast4: null,
  donatedAt: null,
};
const paid: OjcPayment = {
  ...pending,
  status: 'succeeded',
  cardLast4: '5678',
  donatedAt: '2026-03-01T15:00:00.000Z',
};

/** Nested under /checkout/ojc, the page's own location is "/<paymentId>". */
const openPage = () => renderWithProviders(<OjcPaymentPage />, { path: `/${paymentId}` });

describe('the OJC payment page', () => {
  it('says it is loading the donation', () => {
    serveApi({ [`GET /api/ojc/payments/${paymentId}`]: never });
    openPage();
    expect(screen.getByText('Loading your donation...').getAttribute('role')).toBe('status');
  });

  it('shows the setup error when the payment cannot be found', async () => {
    serveApi({ [`GET /api/ojc/payments/${paymentId}`]: apiError(404, 'Payment not found') });
    openPage();
    expect(await screen.findByRole('heading', { name: 'Payment Setup Error' })).toBeDefined();
    expect(screen.getByText('Payment not found')).toBeDefined();
  });

  it('takes the card, then thanks the donor with what happens next', async () => {
    const api = serveApi({
      [`GET /api/ojc/payments/${paymentId}`]: json({ payment: pending }),
      [`POST /api/ojc/payments/${paymentId}/charge`]: json({ success: true, payment: paid }),
    });
    const { user } = openPage();
    expect(await screen.findByRole('button', { name: 'Pay $180.00/month' })).toBeDefined();
    expect(screen.getByRole('region', { name: 'Payment summary' }).textContent).toContain(
      'Monthly donation$180 / month',
    );
    await user.type(screen.getByLabelText(/OJC card number/), '6034930012345678');
    await user.type(screen.getByLabelText(/Expiry/), '1240');
    await user.click(screen.getByRole('button', { name: 'Pay $180.00/month' }));

    const thanks = await screen.findByRole('heading', { name: 'Thank You for Your Donation!' });
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(
      screen.getByText(/Your OJC Fund gift of \$180\.00 a month has been received/),
    ).toBeDefined();
    expect(screen.getByText(/charged automatically each month/)).toBeDefined();
    expect(screen.queryByLabelText(/OJC card number/)).toBeNull();
    expect(api.requests.map((r) => `${r.method} ${r.pathname}`)).toEqual([
      `GET /api/ojc/payments/${paymentId}`,
      `POST /api/ojc/payments/${paymentId}/charge`,
    ]);
  });

  it('says a membership’s first payment has begun the membership', async () => {
    serveApi({
      [`GET /api/ojc/payments/${paymentId}`]: json({ payment: { ...paid, membership: true } }),
    });
    openPage();
    expect(await screen.findByText(/Your membership has begun/)).toBeDefined();
  });

  it('links a campaign gift’s thank-you back to the campaign, and no other gift’s', async () => {
    serveApi({
      [`GET /api/ojc/payments/${paymentId}`]: json({
        payment: { ...paid, campaign: 'tziyun-day' },
      }),
    });
    openPage();
    const back = await screen.findByRole('link', { name: 'Back to the campaign' });
    expect(back.getAttribute('href')).toBe('/campaign/tziyun-day');
  });

  it('shows the thank-you at once for a payment already made', async () => {
    serveApi({
      [`GET /api/ojc/payments/${paymentId}`]: json({
        payment: { ...paid, donationType: 'onetime' },
      }),
    });
    openPage();
    expect(
      await screen.findByRole('heading', { name: 'Thank You for Your Donation!' }),
    ).toBeDefined();
    expect(screen.queryByText(/charged automatically each month/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Back to the campaign' })).toBeNull();
  });
});
