// @vitest-environment happy-dom
import siteConfig from '@site-config';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { checkoutMethods, type CheckoutMethod } from '~/shared/domain';
import type { DonateOptions } from '~/shared/donate-options';
import { fieldError, renderWithProviders, stubNavigation } from '~/client/test/component-test-kit';
import { readDonateChoice, type DonateChoice } from '~/client/features/donations/lib/donate-choice';
import { OneTimeGift } from './one-time-gift';

const limits: DonateOptions['limits'] = { minDollars: 1, maxDollars: 25_000 };
const bothMethods: CheckoutMethod[] = [...checkoutMethods];

/** The one-time form as the donate page holds it: the choice lives in the page. */
function Harness({
  query = '',
  methods = bothMethods,
}: {
  query?: string;
  methods?: CheckoutMethod[];
}) {
  const [choice, setChoice] = useState<DonateChoice>(() =>
    readDonateChoice(new URLSearchParams(query)),
  );
  const method = choice.method && methods.includes(choice.method) ? choice.method : methods[0];
  return (
    <OneTimeGift
      choice={choice}
      methods={methods}
      method={method ?? null}
      limits={limits}
      onChange={(patch) => setChoice((current) => ({ ...current, ...patch }))}
    />
  );
}

/** The form's Donate button, whatever it reads: with an amount 'Donate $X', else what to do. */
const donateButton = () =>
  screen.getByRole('button', { name: /^(Donate \$|Choose an amount|Enter )/ });
const customField = () => screen.getByLabelText('Custom amount (USD)') as HTMLInputElement;

/** Presses Donate and returns the checkout's query it opened (a full page load). */
async function donate(user: ReturnType<typeof renderWithProviders>['user']) {
  const navigate = stubNavigation();
  await user.click(donateButton());
  expect(navigate).toHaveBeenCalledTimes(1);
  const href = String(navigate.mock.calls[0]![0]);
  expect(href.startsWith('/checkout?')).toBe(true);
  return href.split('?')[1];
}

describe('the one-time gift form', () => {
  it('starts with no amount: the button asks for one and is disabled', () => {
    renderWithProviders(<Harness />);
    expect(donateButton().textContent).toBe('Choose an amount to donate');
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
    expect(await donate(user)).toBe(`amount=${second}&type=onetime&method=credit_card`);
  });

  it('lets a custom amount replace the preset, and a preset clear the custom amount', async () => {
    const { user } = renderWithProviders(<Harness />);
    const [first] = siteConfig.donatePresets;
    await user.click(screen.getByRole('button', { name: `$${first}` }));
    await user.type(customField(), '54');
    expect(donateButton().textContent).toBe('Donate $54');
    expect(screen.getByRole('button', { name: `$${first}` }).getAttribute('aria-pressed')).toBe(
      'false',
    );

    await user.click(screen.getByRole('button', { name: `$${first}` }));
    expect(customField().value).toBe('');
    expect(donateButton().textContent).toBe(`Donate $${first}`);
    await user.clear(customField());
    await user.type(customField(), '54');
    expect(await donate(user)).toBe('amount=54&type=onetime&method=credit_card');
  });

  it('keeps the button disabled for a custom amount that is not whole dollars above zero, and says why under the field', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(customField(), '0');
    expect(donateButton().textContent).toBe('Enter at least $1');
    expect((donateButton() as HTMLButtonElement).disabled).toBe(true);
    expect(fieldError('Custom amount (USD)')).toBe('The smallest gift we can take online is $1.');
    await user.clear(customField());
    await user.type(customField(), '12.5');
    expect(donateButton().textContent).toBe('Enter whole dollars');
    expect((donateButton() as HTMLButtonElement).disabled).toBe(true);
    expect(fieldError('Custom amount (USD)')).toBe(
      'Please enter whole dollars, without cents: $12 or $13.',
    );
    expect(customField().getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses an amount over the server’s limit where it is typed, naming the limit and the office', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(customField(), '25001');
    // The button names no amount it will not give, least of all $0: it says what to do.
    expect(donateButton().textContent).toBe('Enter $25,000 or less');
    expect((donateButton() as HTMLButtonElement).disabled).toBe(true);
    expect(fieldError('Custom amount (USD)')).toBe(
      `The most we can take online is $25,000 per gift. For a larger gift, please call the office at ${siteConfig.contact.phone}.`,
    );
    // The message is a live region: a screen reader announces it as it appears.
    const message = document.getElementById(customField().getAttribute('aria-describedby')!)!;
    expect(message.getAttribute('aria-live')).toBe('polite');

    await user.clear(customField());
    await user.type(customField(), '25000');
    expect(fieldError('Custom amount (USD)')).toBeUndefined();
    expect(customField().getAttribute('aria-invalid')).toBeNull();
    expect(donateButton().textContent).toBe('Donate $25,000');
    expect((donateButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('makes the gift monthly: the button reads /month and the type is subscription', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: '$100' }));
    await user.click(
      screen.getByRole('checkbox', { name: 'Make this a monthly recurring donation' }),
    );
    expect(donateButton().textContent).toBe('Donate $100/month');

    await user.click(
      screen.getByRole('checkbox', { name: 'Make this a monthly recurring donation' }),
    );
    expect(donateButton().textContent).toBe('Donate $100');
    await user.click(
      screen.getByRole('checkbox', { name: 'Make this a monthly recurring donation' }),
    );
    expect(await donate(user)).toBe('amount=100&type=subscription&method=credit_card');
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
    expect(await donate(user)).toBe('amount=250&type=onetime&method=ojc');
  });

  it('offers only the methods set up, and says so when monthly gifts have none', () => {
    const { unmount } = renderWithProviders(<Harness methods={['ojc']} />);
    expect(screen.queryByRole('radio', { name: /Credit Card/ })).toBeNull();
    expect((screen.getByRole('radio', { name: /OJC Fund/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    unmount();

    renderWithProviders(<Harness query="amount=36&type=subscription" methods={[]} />);
    expect(screen.queryByRole('group', { name: 'Payment method' })).toBeNull();
    expect(
      screen.getByRole('heading', { name: 'Monthly gifts cannot be given online right now' }),
    ).toBeDefined();
    expect(screen.getByText(siteConfig.contact.phone)).toBeDefined();
    expect((donateButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the choice its address holds: a preset, or a typed amount with its message', () => {
    const { unmount } = renderWithProviders(
      <Harness query="amount=72&type=subscription&method=ojc" />,
    );
    expect(screen.getByRole('button', { name: '$72' }).getAttribute('aria-pressed')).toBe('true');
    expect(customField().value).toBe('');
    expect(donateButton().textContent).toBe('Donate $72/month');
    expect((screen.getByRole('radio', { name: /OJC Fund/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    unmount();

    renderWithProviders(<Harness query="amount=12.5" />);
    expect(customField().value).toBe('12.5');
    expect(fieldError('Custom amount (USD)')).toBe(
      'Please enter whole dollars, without cents: $12 or $13.',
    );
  });

  it('is a GET form to /checkout that works without JavaScript', () => {
    renderWithProviders(<Harness query="amount=72" />);
    const form = donateButton().closest('form')!;
    expect(form.getAttribute('action')).toBe('/checkout');
    expect(form.getAttribute('method')).toBe('get');
    // A preset sends the form back to /donate with its amount; the rest are the checkout's fields.
    const preset = screen.getByRole('button', { name: '$36' });
    expect(preset.getAttribute('type')).toBe('submit');
    expect(preset.getAttribute('formaction')).toBe('/donate');
    expect([preset.getAttribute('name'), preset.getAttribute('value')]).toEqual(['amount', '36']);
    expect(customField().getAttribute('name')).toBe('amount');
    expect(
      screen.getByRole('checkbox', { name: 'Make this a monthly recurring donation' }),
    ).toMatchObject({ name: 'type', value: 'subscription' });
    expect(screen.getByRole('radio', { name: /OJC Fund/ })).toMatchObject({ name: 'method' });
    // The chosen preset goes with Donate after the typed amount (the checkout reads the first
    // that is not blank), so a typed amount wins; a preset pressed comes before both.
    const fields = new FormData(form).getAll('amount');
    expect(fields).toEqual(['', '72']);
    // Enter in the amount field presses the form's first submit button: a hidden Donate, not $36.
    const first = form.querySelector('button[type="submit"]')!;
    expect(first.getAttribute('aria-hidden')).toBe('true');
    expect(first.getAttribute('formaction')).toBeNull();
  });
});
