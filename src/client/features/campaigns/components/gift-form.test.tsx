// @vitest-environment happy-dom
import siteConfig from '@site-config';
import { screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { checkoutHref, parseCheckoutChoice } from '~/shared/checkout-link';
import { renderWithProviders, stubNavigation } from '~/client/test/component-test-kit';
import { campaignFixture } from '~/client/features/campaigns/lib/campaign-fixture';
import { GiftForm } from './gift-form';

const [firstPreset] = siteConfig.donatePresets;

/** What the plain form sends to the checkout, as a browser without JavaScript builds it. */
function sentWithoutScript(form: HTMLFormElement) {
  const query = new URLSearchParams();
  new FormData(form).forEach((value, name) => query.append(name, String(value)));
  return query;
}

describe('the campaign’s gift form', () => {
  it('is a plain GET form to the checkout that names the campaign, anonymous on the wall by default', () => {
    document.body.innerHTML = renderToString(<GiftForm campaign={campaignFixture} />);
    const form = document.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/checkout');
    expect(parseCheckoutChoice(sentWithoutScript(form))).toEqual({
      amount: firstPreset,
      type: 'onetime',
      method: 'credit_card',
      campaign: 'giving-day-2026',
      wall: 'anonymous',
    });
    // Another amount typed with "Other" chosen is the one given.
    form.querySelector<HTMLInputElement>('input[name=amount][value=""]')!.checked = true;
    form.querySelector<HTMLInputElement>('input[type=number]')!.value = '54';
    expect(parseCheckoutChoice(sentWithoutScript(form))?.amount).toBe(54);
    document.body.innerHTML = '';
  });

  it('opens the checkout with the whole choice: amount, monthly, wall, dedication and method', async () => {
    const navigate = stubNavigation();
    const { user } = renderWithProviders(<GiftForm campaign={campaignFixture} />);
    await user.click(screen.getByRole('radio', { name: '$72' }));
    await user.click(screen.getByRole('radio', { name: /^Monthly \(12 months count/ }));
    await user.click(screen.getByRole('radio', { name: 'My initials' }));
    await user.click(screen.getByRole('radio', { name: 'OJC Fund charity card' }));
    await user.selectOptions(screen.getByLabelText('Dedicate this gift'), 'refuah');
    await user.type(screen.getByLabelText('Name as the wall shows it'), 'Moshe Cohen');
    await user.type(screen.getByLabelText('Hebrew name'), 'משה');
    await user.selectOptions(screen.getByLabelText('Son or daughter of'), 'ben');
    await user.type(screen.getByLabelText('Mother’s Hebrew name'), 'שרה');
    await user.click(screen.getByRole('button', { name: 'Give $72 a month' }));
    expect(navigate).toHaveBeenCalledWith(
      checkoutHref({
        amount: 72,
        type: 'subscription',
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
      }),
    );
  });

  it('adds the page’s own utm_* (the link that brought the donor) to the checkout', async () => {
    window.history.replaceState(
      null,
      '',
      '/campaign/giving-day-2026?utm_source=whatsapp&utm_medium=social&fbclid=x',
    );
    try {
      const navigate = stubNavigation();
      const { user } = renderWithProviders(<GiftForm campaign={campaignFixture} />);
      await user.click(screen.getByRole('radio', { name: '$72' }));
      await user.click(screen.getByRole('button', { name: 'Give $72' }));
      expect(navigate).toHaveBeenCalledWith(
        checkoutHref({
          amount: 72,
          type: 'onetime',
          method: 'credit_card',
          campaign: 'giving-day-2026',
          wall: 'anonymous',
          referrer: { source: 'whatsapp', medium: 'social' },
        }),
      );
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('chooses Other as another amount is typed, and says what is wrong with a bad one', async () => {
    const navigate = stubNavigation();
    const { user } = renderWithProviders(<GiftForm campaign={campaignFixture} />);
    await user.type(screen.getByLabelText(/Other amount/), '12.5');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Other' }).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Give now' }));
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByText('Choose an amount, or type a whole number of dollars.')).toBeDefined();
    expect(screen.getByLabelText(/Other amount/).getAttribute('aria-invalid')).toBe('true');
    await user.clear(screen.getByLabelText(/Other amount/));
    await user.type(screen.getByLabelText(/Other amount/), '1800');
    await user.click(screen.getByRole('button', { name: 'Give $1,800' }));
    expect(navigate).toHaveBeenCalledWith(
      '/checkout?amount=1800&type=onetime&method=credit_card&campaign=giving-day-2026&wall=anonymous',
    );
  });

  it('takes the keyboard to the amount to correct, and the message follows the correction', async () => {
    const navigate = stubNavigation();
    const { user } = renderWithProviders(<GiftForm campaign={campaignFixture} />);
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Give now' }));
    const other = screen.getByLabelText(/Other amount/);
    await waitFor(() => expect(document.activeElement).toBe(other));
    expect(other.getAttribute('name')).toBe('amount');
    await user.type(other, '18');
    expect(other.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Choose an amount, or type a whole number of dollars.')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says that the wall shows the gift as anonymous unless the donor chooses', () => {
    renderWithProviders(<GiftForm campaign={campaignFixture} />);
    const group = screen.getByRole('group', { name: 'On the donor wall, show' });
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(group.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Unless you choose otherwise, the wall shows your gift as “Anonymous”.',
    );
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /^“Anonymous”/ }).checked).toBe(
      true,
    );
  });

  it('asks for the name of a dedication, whose fields wait until one is chosen', async () => {
    const navigate = stubNavigation();
    const { user } = renderWithProviders(<GiftForm campaign={campaignFixture} />);
    const name = () => screen.queryByRole('textbox', { name: 'Name as the wall shows it' });
    expect(name()).toBeNull();
    await user.selectOptions(screen.getByLabelText('Dedicate this gift'), 'memory');
    expect(name()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: `Give $${firstPreset}` }));
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByText('Write the name the gift is dedicated to.')).toBeDefined();
  });

  it('takes no gift with a plain sentence while paused, before the start or after the end', () => {
    const { rerender } = renderWithProviders(
      <GiftForm
        campaign={{ ...campaignFixture, state: 'paused', resumesAt: '2026-12-12T22:42:00.000Z' }}
      />,
    );
    expect(
      screen.getByText('The campaign is paused for Shabbat. Gifts open again Saturday at 5:42 PM.'),
    ).toBeDefined();
    // A disabled fieldset disables every control in it, the button too.
    const disabled = () =>
      screen.getByRole('button', { name: /Give/ }).closest('fieldset[disabled]');
    expect(disabled()).not.toBeNull();
    rerender(<GiftForm campaign={{ ...campaignFixture, state: 'ended' }} />);
    expect(screen.getByText(/has ended and takes no more gifts/)).toBeDefined();
    rerender(<GiftForm campaign={{ ...campaignFixture, state: 'open' }} />);
    expect(disabled()).toBeNull();
  });
});
