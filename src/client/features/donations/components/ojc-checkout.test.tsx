// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCheckoutChoice, type CheckoutChoice } from '~/shared/checkout-link';
import {
  apiError,
  fieldError,
  json,
  renderWithApi,
  shownToast,
  stubNavigation,
  type ApiRoutes,
} from '~/client/test/component-test-kit';
import { OJC_REDIRECT_DELAY_MS, OjcCheckout } from './ojc-checkout';

const oneTime: CheckoutChoice = { amount: 36, type: 'onetime', method: 'ojc' };
const monthly: CheckoutChoice = { amount: 180, type: 'subscription', method: 'ojc' };

const created = json({
  success: true,
  message: 'Continue on the secure page to enter your OJC card.',
  payment: {
    paymentId: '3f0c5a52-8f8e-4a52-9a3c-6d1f0b2a9e11',
    paymentUrl: '/checkout/ojc/3f0c5a52-8f8e-4a52-9a3c-6d1f0b2a9e11',
  },
});

function open(choice: CheckoutChoice, routes: ApiRoutes = {}) {
  return renderWithApi(<OjcCheckout choice={choice} />, routes, { path: '/checkout' });
}

async function fillDonor(user: ReturnType<typeof open>['user']) {
  await user.type(screen.getByLabelText(/Full Name/), 'Moshe Levi');
  await user.type(screen.getByLabelText(/^Email/), 'moshe@example.org');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('OJC checkout', () => {
  it('names the gift on the button: once, or each month', () => {
    open(oneTime);
    expect(screen.getByRole('button', { name: 'Donate $36 via OJC' })).toBeDefined();
    expect(screen.queryByText(/charged the same amount each month/)).toBeNull();
  });

  it('says a monthly gift is charged each month until cancelled', () => {
    open(monthly);
    expect(screen.getByRole('button', { name: 'Subscribe $180/month via OJC' })).toBeDefined();
    expect(screen.getByText(/charged the same amount each month until you cancel/)).toBeDefined();
    expect(screen.getByRole('region', { name: 'Payment summary' }).textContent).toContain(
      'Monthly donation$180 / month',
    );
  });

  it('checks the name and email in the browser and sends nothing until they are right', async () => {
    const { user, api } = open(oneTime);
    await user.click(screen.getByRole('button', { name: 'Donate $36 via OJC' }));
    await waitFor(() => expect(fieldError(/Full Name/)).toBe('Name is required'));
    expect(fieldError(/^Email/)).toBe('Email is required');
    expect(fieldError('Phone (optional)')).toBeUndefined();
    expect(api.requests).toHaveLength(0);
  });

  it('creates the payment and opens the OJC payment page after the toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const navigate = stubNavigation();
    const { user, api } = open(oneTime, { 'POST /api/ojc/create-payment': created });
    await fillDonor(user);
    await user.type(screen.getByLabelText('Phone (optional)'), ' 845-555-0100 ');
    await user.click(screen.getByRole('button', { name: 'Donate $36 via OJC' }));

    await waitFor(() => expect(shownToast()?.title).toBe('Continue to OJC Fund'));
    expect(shownToast()?.description).toBe('Continue on the secure page to enter your OJC card.');
    expect(api.to('POST /api/ojc/create-payment')[0]!.body).toMatchObject({
      amount: 36,
      donorName: 'Moshe Levi',
      donorEmail: 'moshe@example.org',
      donorPhone: '845-555-0100',
      donationType: 'onetime',
      dedication: null,
      website: '',
    });
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDefined();
    // The toast is read first; the page opens once the delay has passed.
    expect(navigate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(OJC_REDIRECT_DELAY_MS));
    expect(navigate).toHaveBeenCalledWith('/checkout/ojc/3f0c5a52-8f8e-4a52-9a3c-6d1f0b2a9e11');
  });

  it('puts the server’s field messages under the form’s own fields', async () => {
    const { user } = open(oneTime, {
      'POST /api/ojc/create-payment': apiError(400, 'Check the form', {
        donorPhone: 'Please enter a valid phone number',
        donorEmail: 'This address cannot receive mail',
      }),
    });
    await fillDonor(user);
    await user.type(screen.getByLabelText('Phone (optional)'), '12');
    await user.click(screen.getByRole('button', { name: 'Donate $36 via OJC' }));
    await waitFor(() =>
      expect(fieldError('Phone (optional)')).toBe('Please enter a valid phone number'),
    );
    expect(fieldError(/^Email/)).toBe('This address cannot receive mail');
    expect(
      screen
        .getByText('Check the form. No money was taken. Please correct it and try again.')
        .getAttribute('role'),
    ).toBe('alert');
    expect(shownToast()).toMatchObject({ title: 'Payment Error', role: 'alert' });
    expect(
      (screen.getByRole('button', { name: 'Donate $36 via OJC' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('shows the problem and a toast when the payment cannot be created', async () => {
    const navigate = stubNavigation();
    const { user } = open(monthly, {
      'POST /api/ojc/create-payment': apiError(502, 'OJC Fund is not answering'),
    });
    await fillDonor(user);
    await user.click(screen.getByRole('button', { name: 'Subscribe $180/month via OJC' }));
    expect(
      await screen.findByText(
        'OJC Fund is not answering. No money was taken. Please try again in a few minutes, or contact us.',
      ),
    ).toBeDefined();
    expect(shownToast()?.description).toBe(
      'Unable to process OJC payment. Please contact us directly.',
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends the campaign and the wall choice its address named', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubNavigation();
    const choice = parseCheckoutChoice(
      new URLSearchParams('amount=36&type=onetime&method=ojc&campaign=tziyun-day&wall=initials'),
    );
    const { user, api } = open(choice!, { 'POST /api/ojc/create-payment': created });
    await fillDonor(user);
    await user.click(screen.getByRole('button', { name: 'Donate $36 via OJC' }));
    await waitFor(() => expect(api.to('POST /api/ojc/create-payment')).toHaveLength(1));
    expect(api.to('POST /api/ojc/create-payment')[0]!.body).toMatchObject({
      amount: 36,
      campaign: 'tziyun-day',
      wall: 'initials',
    });
  });
});
