// @vitest-environment happy-dom
import type { Stripe } from '@stripe/stripe-js';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutChoice } from '~/shared/checkout-link';
import { messages } from '~/shared/messages';
import {
  apiError,
  fieldError,
  json,
  never,
  renderWithApi,
  shownToast,
  stubNavigation,
  type ApiRoutes,
} from '~/client/test/component-test-kit';
import { loadStripeJs } from '~/client/features/donations/lib/load-stripe';
import { CardCheckout } from './card-checkout';

vi.mock('~/client/features/donations/lib/load-stripe', () => ({ loadStripeJs: vi.fn() }));

const stripeConfig = {
  configured: true,
  mode: 'test',
  publishableKey: 'pk_test_123',
  apiVersion: '2026-10-28.endive',
  settings: { secretKey: true, publishableKey: true, webhookSecret: true },
  limits: { minDollars: 1, maxDollars: 100_000 },
  fee: { percent: 2.9, fixedCents: 30 },
};

const recorded = json({
  success: true,
  donation: {
    id: 'd1',
    amount: 5000,
    currency: 'usd',
    donationType: 'onetime',
    status: 'succeeded',
  },
});

/**
 * Stripe.js as far as the checkout uses it: elements() with a Payment Element that reports
 * ready when mounted (unless told not to), submit(), update() and confirmPayment().
 */
function fakeStripe({
  autoReady = true,
  incomplete = false,
  confirm = { paymentIntent: { id: 'pi_test123', status: 'succeeded' } } as object,
} = {}) {
  const handlers = new Map<string, () => void>();
  const element = {
    on: vi.fn((event: string, handler: () => void) => handlers.set(event, handler)),
    mount: vi.fn(() => {
      if (autoReady) queueMicrotask(() => handlers.get('ready')?.());
    }),
    destroy: vi.fn(),
  };
  const elements = {
    create: vi.fn(() => element),
    update: vi.fn(),
    submit: vi.fn(async () => (incomplete ? { error: { message: 'Incomplete card' } } : {})),
  };
  const stripe = {
    elements: vi.fn(() => elements),
    confirmPayment: vi.fn(async () => confirm),
  };
  vi.mocked(loadStripeJs).mockResolvedValue(stripe as unknown as Stripe);
  return { stripe, elements, element, ready: () => act(() => handlers.get('ready')?.()) };
}

const oneTime: CheckoutChoice = { amount: 50, type: 'onetime', method: 'credit_card' };
const monthly: CheckoutChoice = { amount: 180, type: 'subscription', method: 'credit_card' };

function open(choice: CheckoutChoice, routes: ApiRoutes = {}) {
  return renderWithApi(
    <CardCheckout choice={choice} />,
    { 'GET /api/stripe-config': json(stripeConfig), ...routes },
    { path: '/checkout' },
  );
}

const completeButton = (name: RegExp | string = /^Complete Donation/) =>
  screen.findByRole('button', { name });

beforeEach(() => {
  vi.mocked(loadStripeJs).mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('card checkout: setting up', () => {
  it('says it is setting up the payment while the configuration loads', async () => {
    renderWithApi(<CardCheckout choice={oneTime} />, { 'GET /api/stripe-config': never });
    expect(screen.getByText('Setting up your payment...').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: /Complete Donation/ })).toBeNull();
  });

  it('shows the setup error, with the office, when card payments are not configured', async () => {
    renderWithApi(<CardCheckout choice={oneTime} />, {
      'GET /api/stripe-config': json({ ...stripeConfig, configured: false, publishableKey: null }),
    });
    expect(await screen.findByRole('heading', { name: 'Payment Setup Error' })).toBeDefined();
    expect(screen.getByText(/Card payments are not set up on this site yet/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Return to the donate page' })).toBeDefined();
    expect(loadStripeJs).not.toHaveBeenCalled();
  });

  it('shows the server’s message when the configuration cannot be read', async () => {
    renderWithApi(<CardCheckout choice={oneTime} />, {
      'GET /api/stripe-config': apiError(503, 'Payments are unavailable'),
    });
    expect(await screen.findByRole('heading', { name: 'Payment Setup Error' })).toBeDefined();
    expect(
      screen.getByText(
        'Payments are unavailable. No money was taken. Please give another way, or contact us.',
      ),
    ).toBeDefined();
  });

  it('says initialization failed when Stripe.js does not load', async () => {
    vi.mocked(loadStripeJs).mockResolvedValue(null);
    open(oneTime);
    expect(await screen.findByText('Payment system initialization failed')).toBeDefined();
    expect(loadStripeJs).toHaveBeenCalledWith('pk_test_123');
  });

  it('shows the whole donor form at once from the page’s card settings, before Stripe.js', async () => {
    let arrive!: (stripe: Stripe) => void;
    vi.mocked(loadStripeJs).mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    const { api } = renderWithApi(
      <CardCheckout
        choice={oneTime}
        card={{ publishableKey: 'pk_test_page', fee: stripeConfig.fee }}
        otherWay="/checkout?amount=50&type=onetime&method=ojc"
      />,
      {},
    );
    // No call for the settings; the fields are there while Stripe.js loads.
    expect(screen.queryByText('Setting up your payment...')).toBeNull();
    expect(screen.getByRole('textbox', { name: /Full Name/ })).toBeDefined();
    expect(screen.getByRole('checkbox', { name: /cover the card processing fee/ })).toBeDefined();
    const button = screen.getByRole('button', { name: 'Complete Donation $50' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Loading the secure card form from Stripe…')).toBeDefined();
    expect(
      screen
        .getByRole('link', { name: 'Give with an OJC charity card instead' })
        .getAttribute('href'),
    ).toBe('/checkout?amount=50&type=onetime&method=ojc');
    // The office's address is written to, its number called: never 'call … at' an address.
    const waiting = screen.getByText('Loading the secure card form from Stripe…').parentElement!;
    expect(waiting.textContent).toContain(
      'or reach the office by email or phone: office@tziyun.org or (845) 555-0142.',
    );
    expect(waiting.textContent).not.toMatch(/call the office at \S+@/);
    expect(loadStripeJs).toHaveBeenCalledWith('pk_test_page');
    expect(api.requests).toEqual([]);

    const fake = fakeStripe();
    await act(async () => arrive(fake.stripe as unknown as Stripe));
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalledTimes(1));
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText('Loading the secure card form from Stripe…')).toBeNull();
  });

  it('keeps the button disabled until the Payment Element is ready', async () => {
    const fake = fakeStripe({ autoReady: false });
    open(oneTime);
    const button = (await completeButton('Complete Donation $50')) as HTMLButtonElement;
    // The element mounts in an effect, which may run just after the button shows (it did, once,
    // on a loaded machine).
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalledTimes(1));
    expect(fake.stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({ mode: 'payment', amount: 5000, currency: 'usd' }),
    );
    expect(button.disabled).toBe(true);
    fake.ready();
    expect(button.disabled).toBe(false);
  });
});

describe('card checkout: the donor form', () => {
  it('summarises a one-time gift', async () => {
    fakeStripe();
    open(oneTime);
    const summary = await screen.findByRole('region', { name: 'Payment summary' });
    expect(summary.textContent).toContain('One-time donation');
    expect(summary.textContent).toContain('$50');
    expect(screen.queryByRole('checkbox', { name: 'One-time donation instead' })).toBeNull();
  });

  it('asks for the name and email before anything is sent, and focuses the first', async () => {
    const fake = fakeStripe();
    const { user, api } = open(oneTime);
    await user.click(await completeButton('Complete Donation $50'));
    await waitFor(() => expect(fieldError(/Full Name/)).toBe('Name is required'));
    expect(fieldError(/^Email/)).toBe('Email is required');
    expect(screen.getByLabelText(/Full Name/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText(/Full Name/));
    expect(fake.elements.submit).not.toHaveBeenCalled();
    expect(api.to('POST /api/create-payment-intent')).toHaveLength(0);
  });

  it('explains a short name and a malformed email, and clears each message once corrected', async () => {
    fakeStripe();
    const { user } = open(oneTime);
    await user.type(await screen.findByLabelText(/Full Name/), 'A');
    await user.type(screen.getByLabelText(/^Email/), 'rivka@');
    await user.click(await completeButton());
    await waitFor(() => expect(fieldError(/Full Name/)).toBe('Name must be at least 2 characters'));
    expect(fieldError(/^Email/)).toBe(messages.invalidEmail);

    await user.type(screen.getByLabelText(/Full Name/), 'vi Cohen');
    await user.type(screen.getByLabelText(/^Email/), 'example.org');
    await waitFor(() => expect(fieldError(/Full Name/)).toBeUndefined());
    expect(fieldError(/^Email/)).toBeUndefined();
  });

  it('requires the dedication’s name once the gift is dedicated', async () => {
    fakeStripe();
    const { user } = open(oneTime);
    await user.type(await screen.findByLabelText(/Full Name/), 'Rivka Cohen');
    await user.type(screen.getByLabelText(/^Email/), 'rivka@example.org');
    await user.click(screen.getByRole('checkbox', { name: 'Dedicate this gift (optional)' }));
    expect((screen.getByRole('radio', { name: 'In honor of' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(await completeButton());
    await waitFor(() =>
      expect(fieldError(/Name of the person the gift is for/)).toBe('Dedication name is required'),
    );
  });

  it('adds the processing fee to the total and to the Payment Element when the donor covers it', async () => {
    const fake = fakeStripe();
    const { user } = open(oneTime);
    const cover = await screen.findByRole('checkbox', { name: /Add \$1\.81 to cover the card/ });
    await user.click(cover);
    expect(await completeButton('Complete Donation $51.81')).toBeDefined();
    const summary = screen.getByRole('region', { name: 'Payment summary' });
    expect(summary.textContent).toContain('Processing fee you cover$1.81');
    expect(summary.textContent).toContain('Total$51.81');
    expect(fake.elements.update).toHaveBeenLastCalledWith(
      expect.objectContaining({ mode: 'payment', amount: 5181 }),
    );
  });
});

describe('card checkout: paying', () => {
  async function fillDonor(user: ReturnType<typeof open>['user']) {
    await user.type(await screen.findByLabelText(/Full Name/), 'Rivka Cohen');
    await user.type(screen.getByLabelText(/^Email/), 'Rivka@Example.org');
  }

  it('sets up the payment, confirms it with Stripe, records it and opens the thank-you', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const navigate = stubNavigation();
    const fake = fakeStripe();
    const { user, api } = open(oneTime, {
      'POST /api/create-payment-intent': json({ clientSecret: 'pi_test123_secret_abc' }),
      'POST /api/record-donation': recorded,
    });
    await fillDonor(user);
    await user.click(await completeButton('Complete Donation $50'));

    await waitFor(() => expect(shownToast()?.title).toBe('Payment Successful'));
    expect(shownToast()).toMatchObject({
      description: 'Thank you for your generous donation!',
      role: 'status',
    });
    const [setup] = api.to('POST /api/create-payment-intent');
    expect(setup!.body).toMatchObject({
      amount: 50,
      name: 'Rivka Cohen',
      email: 'rivka@example.org',
      coverFee: false,
      dedication: null,
      website: '',
    });
    expect((setup!.body as { idempotencyKey: string }).idempotencyKey).toMatch(
      /^[A-Za-z0-9_-]{16,100}$/,
    );
    expect(fake.stripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({ clientSecret: 'pi_test123_secret_abc', redirect: 'if_required' }),
    );
    // The page's address names the payment (never its secret), so that Back to it after the
    // thank-you is told by the server that the gift was made.
    expect(new URLSearchParams(window.location.search).get('gift')).toBe('pi_test123');
    expect(window.location.href).not.toContain('secret');
    expect(api.to('POST /api/record-donation')[0]!.body).toEqual({
      stripePaymentId: 'pi_test123',
      name: 'Rivka Cohen',
      email: 'rivka@example.org',
      amount: 5000,
      donationType: 'onetime',
    });
    expect(
      (screen.getByRole('button', { name: 'Processing...' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(navigate).toHaveBeenCalledWith('/donate?success=true');
  });

  it('sets up a monthly gift as a subscription, with the membership it pays for', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const navigate = stubNavigation();
    const fake = fakeStripe();
    const { user, api } = open(
      { ...monthly, membership: 'signed-token' },
      {
        'POST /api/create-subscription': json({ clientSecret: 'pi_sub_secret' }),
        'POST /api/record-donation': recorded,
      },
    );
    const summary = await screen.findByRole('region', { name: 'Payment summary' });
    expect(summary.textContent).toContain('Monthly donation$180 / month');
    // A membership is its monthly gift: no one-time gift instead, which would leave it waiting.
    expect(screen.queryByRole('checkbox', { name: 'One-time donation instead' })).toBeNull();
    // The element mounts in an effect, which may run just after the summary shows.
    await waitFor(() =>
      expect(fake.stripe.elements).toHaveBeenCalledWith(
        expect.objectContaining({ mode: 'subscription', amount: 18000 }),
      ),
    );
    await fillDonor(user);
    await user.click(await completeButton('Complete Donation $180'));
    await waitFor(() => expect(api.to('POST /api/create-subscription')).toHaveLength(1));
    expect(api.to('POST /api/create-subscription')[0]!.body).toMatchObject({
      amount: 180,
      membership: 'signed-token',
    });
    expect(api.to('POST /api/create-payment-intent')).toHaveLength(0);
    await waitFor(() => expect(shownToast()?.title).toBe('Payment Successful'));
    // The thank-you says the membership has begun (the donate page's banner reads the flag).
    expect(shownToast()?.description).toBe('Thank you: your membership begins with this payment.');
    expect(fake.stripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({
        confirmParams: expect.objectContaining({
          return_url: `${window.location.origin}/donate?success=true&membership=paid`,
        }),
      }),
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(navigate).toHaveBeenCalledWith('/donate?success=true&membership=paid');
  });

  it('turns a monthly gift into a one-time one on request', async () => {
    const fake = fakeStripe();
    const { user } = open(monthly);
    await user.click(await screen.findByRole('checkbox', { name: 'One-time donation instead' }));
    expect(screen.getByRole('region', { name: 'Payment summary' }).textContent).toContain(
      'One-time donation$180',
    );
    expect(fake.elements.update).toHaveBeenLastCalledWith(
      expect.objectContaining({ mode: 'payment', amount: 18000 }),
    );
  });

  it('sends nothing while the card details are incomplete', async () => {
    const fake = fakeStripe({ incomplete: true });
    const { user, api } = open(oneTime);
    await fillDonor(user);
    await user.click(await completeButton());
    await waitFor(() => expect(fake.elements.submit).toHaveBeenCalledTimes(1));
    expect(api.to('POST /api/create-payment-intent')).toHaveLength(0);
    expect(await completeButton('Complete Donation $50')).toBeDefined();
  });

  it('shows the server’s field messages and a failure toast when the setup is refused', async () => {
    const fake = fakeStripe();
    const { user } = open(oneTime, {
      'POST /api/create-payment-intent': apiError(400, 'Check the form', {
        email: 'This email address cannot receive a receipt',
      }),
    });
    await fillDonor(user);
    await user.click(await completeButton());
    await waitFor(() => expect(shownToast()?.title).toBe('Payment Failed'));
    expect(shownToast()).toMatchObject({
      description: 'Check the form. No money was taken. Please correct it and try again.',
      role: 'alert',
    });
    expect(fieldError(/^Email/)).toBe('This email address cannot receive a receipt');
    expect(fake.stripe.confirmPayment).not.toHaveBeenCalled();
    expect(((await completeButton()) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows Stripe’s message when the card is declined, records nothing and lets the donor retry', async () => {
    fakeStripe({ confirm: { error: { type: 'card_error', message: 'Your card was declined.' } } });
    const { user, api } = open(oneTime, {
      'POST /api/create-payment-intent': json({ clientSecret: 'pi_test123_secret_abc' }),
    });
    await fillDonor(user);
    await user.click(await completeButton());
    await waitFor(() =>
      expect(shownToast()?.description).toBe(
        'Your card was declined. No money was taken. Please check the card, or use another one.',
      ),
    );
    expect(shownToast()?.title).toBe('Payment Failed');
    expect(api.to('POST /api/record-donation')).toHaveLength(0);
    expect(((await completeButton('Complete Donation $50')) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
