// @vitest-environment happy-dom
import siteConfig from '@site-config';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PayMethod } from '~/shared/checkout-link';
import { renderWithProviders } from '../../../test/component-test-kit';
import { OneTimeGift } from './one-time-gift';

/** The one-time form as the donate page holds it: the method lives in the page. */
function Harness({ initial = 'credit_card' }: { initial?: PayMethod }) {
  const [method, setMethod] = useState<PayMethod>(initial);
  return <OneTimeGift method={method} onMethodChange={setMethod} />;
}

/** What the GET form would put in /checkout's query if submitted now. */
function checkoutQuery() {
  const form = screen.getByRole('button', { name: /^Donate \$/ }).closest('form')!;
  return new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString();
}

const donateButton = () => screen.getByRole('button', { name: /^Donate \$/ });

describe('the one-time gift form', () => {
  it('starts with no amount: the button reads Donate $0 and is disabled', () => {
    renderWithProviders(<Harness />);
    expect(donateButton().textContent).toBe('Donate $0');
    expect((donateButton() as HTMLButtonElement).disabled).toBe(true);
    for (const preset of siteConfig.donatePresets) {
      expect(screen.getByRole('button', { name: `$${preset}` }).getAttribute('aria-pressed')).toBe(
        'false',
      );
    }
  });

  it('takes a preset amount, pressed, and names it on the button', async () => {
    const { user } = renderWithProviders(<Harness />);
    const [, second] = siteConfig.donatePresets;
    await user.click(screen.getByRole('button', { name: `$${second}` }));
    expect(screen.getByRole('button', { name: `$${second}` }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(donateButton().textContent).toBe(`Donate $${second}`);
    expect((donateButton() as HTMLButtonElement).disabled).toBe(false);
    expect(checkoutQuery()).toBe(`amount=${second}&type=onetime&method=credit_card`);
  });

  it('lets a custom amount replace the preset, and a preset clear the custom amount', async () => {
    const { user } = renderWithProviders(<Harness />);
    const [first] = siteConfig.donatePresets;
    await user.click(screen.getByRole('button', { name: `$${first}` }));
    const custom = screen.getByLabelText('Custom amount (USD)');
    await user.type(custom, '54');
    expect(donateButton().textContent).toBe('Donate $54');
    expect(screen.getByRole('button', { name: `$${first}` }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(checkoutQuery()).toBe('amount=54&type=onetime&method=credit_card');

    await user.click(screen.getByRole('button', { name: `$${first}` }));
    expect((custom as HTMLInputElement).value).toBe('');
    expect(donateButton().textContent).toBe(`Donate $${first}`);
  });

  it('keeps the button disabled for a custom amount that is not whole dollars above zero', async () => {
    const { user } = renderWithProviders(<Harness />);
    const custom = screen.getByLabelText('Custom amount (USD)');
    await user.type(custom, '0');
    expect(donateButton().textContent).toBe('Donate $0');
    expect((donateButton() as HTMLButtonElement).disabled).toBe(true);
    await user.clear(custom);
    await user.type(custom, '12.5');
    expect((donateButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('makes the gift monthly: the button reads /month and the type is subscription', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: '$100' }));
    await user.click(
      screen.getByRole('checkbox', { name: 'Make this a monthly recurring donation' }),
    );
    expect(donateButton().textContent).toBe('Donate $100/month');
    expect(checkoutQuery()).toBe('amount=100&type=subscription&method=credit_card');

    await user.click(
      screen.getByRole('checkbox', { name: 'Make this a monthly recurring donation' }),
    );
    expect(donateButton().textContent).toBe('Donate $100');
  });

  it('offers credit card (chosen by default) or OJC Fund, and sends the choice', async () => {
    const { user } = renderWithProviders(<Harness />);
    const card = screen.getByRole('radio', { name: /Credit Card/ }) as HTMLInputElement;
    const ojc = screen.getByRole('radio', { name: /OJC Fund/ }) as HTMLInputElement;
    expect(screen.getByRole('group', { name: 'Payment method' })).toBeDefined();
    expect(card.checked).toBe(true);
    expect(ojc.checked).toBe(false);

    await user.click(ojc);
    await user.click(screen.getByRole('button', { name: '$250' }));
    expect(ojc.checked).toBe(true);
    expect(card.checked).toBe(false);
    expect(checkoutQuery()).toBe('amount=250&type=onetime&method=ojc');
  });

  it('is a GET form to /checkout, so it works before the page has hydrated', () => {
    renderWithProviders(<Harness />);
    const form = donateButton().closest('form')!;
    expect(form.getAttribute('action')).toBe('/checkout');
    expect(form.getAttribute('method')).toBe('get');
  });
});
