// @vitest-environment happy-dom
import siteConfig from '@site-config';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '~/client/test/component-test-kit';
import { MembershipPayment } from './membership-payment';

describe('paying for a membership after applying', () => {
  it('says the link to pay is in the confirmation email, and offers no checkout of its own', () => {
    renderWithProviders(
      <MembershipPayment
        tierName="Flame Tier"
        checkout={{ amount: 360, methods: ['credit_card', 'ojc'] }}
      />,
    );
    const region = screen.getByRole('region', { name: 'Complete your membership' });
    expect(region.textContent).toContain('begins with your first monthly payment of $360');
    expect(region.textContent).toContain(
      'The link to pay, with a credit card or an OJC Fund charity card, is in your confirmation email',
    );
    // The screen is the same whoever owns the address typed: nothing on it opens a checkout.
    expect(
      within(region)
        .queryAllByRole('link')
        .filter((l) => l.getAttribute('href')?.startsWith('/checkout')),
    ).toEqual([]);
  });

  it('says how to reach the office when no payment method is set up, instead of a dead button', () => {
    renderWithProviders(
      <MembershipPayment tierName="Flame Tier" checkout={{ amount: 360, methods: [] }} />,
    );
    const region = screen.getByRole('region', { name: 'Complete your membership' });
    expect(region.textContent).toContain('Our office will contact you');
    const [phone] = within(region).getAllByRole('link', { name: siteConfig.contact.phone });
    expect(phone!.getAttribute('href')).toBe(`tel:${siteConfig.contact.phone}`);
  });
});
