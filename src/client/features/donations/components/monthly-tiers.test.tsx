// @vitest-environment happy-dom
import siteConfig from '@site-config';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '~/client/test/component-test-kit';
import { MonthlyTiers } from './monthly-tiers';

describe('the monthly tiers', () => {
  it('shows each tier by its donate name, price and benefits, the popular one marked', () => {
    renderWithProviders(<MonthlyTiers method="credit_card" />);
    const cards = screen.getAllByRole('heading', { level: 3 }).map((h) => h.closest('li')!);
    expect(cards).toHaveLength(siteConfig.tiers.length);
    siteConfig.tiers.forEach((tier, i) => {
      const card = within(cards[i]!);
      expect(card.getByRole('heading', { name: tier.donateName })).toBeDefined();
      expect(card.getAllByRole('listitem')).toHaveLength(tier.benefits.length);
      expect(card.queryByText('Most Popular') !== null).toBe(tier.popular);
    });
  });

  it('leads each tier into joining it: a tier is a membership, not a plain monthly gift', () => {
    renderWithProviders(<MonthlyTiers method="credit_card" />);
    for (const tier of siteConfig.tiers) {
      const link = screen.getByRole('link', { name: `Subscribe $${tier.price}/month` });
      expect(link.getAttribute('href')).toBe(`/join?tier=${tier.id}&method=credit_card`);
    }
  });

  it('carries the OJC choice into joining', () => {
    renderWithProviders(<MonthlyTiers method="ojc" />);
    const [tier] = siteConfig.tiers;
    expect(
      screen.getByRole('link', { name: `Subscribe $${tier!.price}/month` }).getAttribute('href'),
    ).toBe(`/join?tier=${tier!.id}&method=ojc`);
  });
});
