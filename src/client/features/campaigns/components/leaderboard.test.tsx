// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '~/client/test/component-test-kit';
import type { TeamStanding } from '~/shared/schemas/campaign-teams';
import { Leaderboard } from './leaderboard';

const teams: TeamStanding[] = [
  { slug: 'katz', name: 'The Katz Family', group: null, goal: 1000, raised: 900, donors: 3 },
  { slug: 'levi', name: 'The Levi Shiur', group: null, goal: null, raised: 1200, donors: 9 },
];

const orderLinks = () =>
  within(screen.getByRole('navigation', { name: 'Order the teams by' })).getAllByRole('link');

describe('the leaderboard’s order links', () => {
  it('order the board in the address, without JavaScript', () => {
    renderWithProviders(
      <Leaderboard campaignSlug="chai-day" teams={teams} groups={[]} board="amount" />,
    );
    expect(orderLinks().map((a) => a.getAttribute('href'))).toEqual([
      '/campaign/chai-day?board=amount#teams',
      '/campaign/chai-day?board=donors#teams',
      '/campaign/chai-day?board=goal#teams',
    ]);
  });

  it('keep the team a visitor’s link credits, so a gift after reordering still goes through it', () => {
    renderWithProviders(
      <Leaderboard
        campaignSlug="chai-day"
        teams={teams}
        groups={[]}
        board="donors"
        creditedTeam="katz"
      />,
    );
    for (const link of orderLinks()) {
      const address = new URL(link.getAttribute('href')!, 'https://tziyun.test');
      expect(address.searchParams.get('team')).toBe('katz');
    }
    expect(orderLinks()[1]!.getAttribute('aria-current')).toBe('true');
  });
});
