// @vitest-environment happy-dom
import siteConfig from '@site-config';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/component-test-kit';
import { MembershipPayment } from './membership-payment';

const checkout = {
  amount: 360,
  membership: 'signed-token',
  methods: ['credit_card', 'ojc'] as const,
};

describe('paying for a membership after applying', () => {
  it('links each method that can take money to the checkout of the tier with the token', () => {
    renderWithProviders(
      <MembershipPayment
        tierName="Flame Tier"
        checkout={{ ...checkout, methods: [...checkout.methods] }}
      />,
    );
    const region = screen.getByRole('region', { name: 'Complete your membership' });
    const links = within(region).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Pay $360/month by card',
      'Pay $360/month via OJC Fund',
    ]);
    expect(links[0]!.getAttribute('href')).toBe(
      '/checkout?amount=360&type=subscription&method=credit_card&membership=signed-token',
    );
    expect(links[1]!.getAttribute('href')).toContain('method=ojc');
    expect(region.textContent).toContain('begins with your first monthly payment of $360');
  });

  it('puts the method chosen before applying first', () => {
    renderWithProviders(
      <MembershipPayment
        tierName="Flame Tier"
        checkout={{ ...checkout, methods: [...checkout.methods] }}
        preferred="ojc"
      />,
    );
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Pay $360/month via OJC Fund',
      'Pay $360/month by card',
    ]);
  });

  it('says how to reach the office when no payment method is set up, instead of a dead button', () => {
    renderWithProviders(
      <MembershipPayment tierName="Flame Tier" checkout={{ ...checkout, methods: [] }} />,
    );
    const region = screen.getByRole('region', { name: 'Complete your membership' });
    expect(region.textContent).toContain('Our office will contact you');
    const phone = within(region).getByRole('link', { name: siteConfig.contact.phone });
    expect(phone.getAttribute('href')).toBe(`tel:${siteConfig.contact.phone}`);
  });
});
