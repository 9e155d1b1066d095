// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '~/client/test/component-test-kit';
import { campaignFixture } from '~/client/features/campaigns/lib/campaign-fixture';
import { DonorWall } from './donor-wall';

describe('the donor wall', () => {
  it('is a list under its heading, each gift as its donor chose to be shown', () => {
    renderWithProviders(<DonorWall wall={campaignFixture.wall} />);
    const list = screen.getByRole('list');
    expect(list.closest('section')?.getAttribute('aria-labelledby')).toBe(
      screen.getByRole('heading', { name: 'Donor wall' }).id,
    );
    const gifts = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(gifts).toEqual([
      'Rivka Levy$180In honour of Moshe ben Sarah',
      'Anonymous',
      'D. K.$36 × 12In memory of Yaakov ben Leah',
      'Chaim Berger$500Refunded: its match was released',
    ]);
  });

  it('shows a monthly gift without its amount when the donor hid it, and says why a match went', () => {
    renderWithProviders(
      <DonorWall
        wall={[
          {
            ...campaignFixture.wall[0]!,
            amount: null,
            monthly: { amount: null, months: 12 },
            dedication: null,
            released: 'cancelled',
          },
        ]}
      />,
    );
    expect(screen.getByRole('listitem').textContent).toBe(
      'Rivka Levymonthly for 12 monthsMonthly gift ended early: it counts what was paid',
    );
  });

  it('shows a partly refunded gift as what stands, and names the part refunded', () => {
    renderWithProviders(
      <DonorWall
        wall={[{ ...campaignFixture.wall[3]!, amount: 400, released: 'refunded', refunded: 100 }]}
      />,
    );
    const item = screen.getByRole('listitem');
    expect(item.textContent).toBe('Chaim Berger$400$100 refunded: its match was released');
    expect(within(item).getByText('$400').className).not.toContain('line-through');
  });

  it('invites the first gift when the wall is empty', () => {
    renderWithProviders(<DonorWall wall={[]} />);
    expect(screen.getByText('No gifts yet. Yours can be the first.')).toBeDefined();
  });
});
