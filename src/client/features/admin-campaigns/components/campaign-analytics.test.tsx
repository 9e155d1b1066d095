// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CampaignAnalytics } from '~/shared/schemas/campaign-analytics';
import { apiError, json, openAdminPanel } from '~/client/test/component-test-kit';
import { CampaignAnalyticsPanel } from './campaign-analytics';

const id = '6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7a11';
const route = `GET /api/admin/campaigns/${id}/analytics`;

const figures: CampaignAnalytics = {
  timeZone: 'America/New_York',
  gifts: 6,
  raised: 520,
  matched: 100,
  matchedShare: 100 / 620,
  average: 86.67,
  median: 75,
  byHour: [
    { start: '2026-12-14T00:00:00.000Z', label: 'Sun, Dec 13, 7 PM', gifts: 1, amount: 100 },
    { start: '2026-12-14T01:00:00.000Z', label: 'Sun, Dec 13, 8 PM', gifts: 2, amount: 80 },
    { start: '2026-12-14T02:00:00.000Z', label: 'Sun, Dec 13, 9 PM', gifts: 2, amount: 320 },
  ],
  outsideWindow: { gifts: 1, amount: 20 },
  byReferrer: [
    { label: 'direct', source: null, medium: null, campaign: null, gifts: 3, amount: 270 },
    {
      label: 'whatsapp / social',
      source: 'whatsapp',
      medium: 'social',
      campaign: null,
      gifts: 2,
      amount: 130,
    },
  ],
  donors: {
    new: { donors: 3, gifts: 4, amount: 300 },
    returning: { donors: 1, gifts: 2, amount: 220 },
  },
  byMethod: [
    { method: 'card', label: 'Credit card', gifts: 3, amount: 250 },
    { method: 'ojc', label: 'OJC Fund charity card', gifts: 1, amount: 50 },
    { method: 'offline', label: 'Offline', gifts: 2, amount: 220 },
  ],
  byTeam: [
    { slug: 'katz-family', label: 'The Katz Family', donors: 2, gifts: 3, amount: 400 },
    { slug: null, label: 'No team', donors: 2, gifts: 3, amount: 120 },
  ],
};

function open(reply = json(figures)) {
  return openAdminPanel(
    <CampaignAnalyticsPanel campaign={{ id, title: 'Chanukah day' }} onClose={() => {}} />,
    { [route]: reply },
  );
}

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('the campaign’s analytics', () => {
  it('shows the figures, each hour as a table with bars summed up in words, and each group', async () => {
    open();
    await screen.findByRole('table', { name: 'Gifts per hour' });
    const summary = screen
      .getByRole('heading', { name: 'Analytics: Chanukah day' })
      .closest('section')!;
    expect(summary.textContent).toContain('$520.00');
    expect(summary.textContent).toContain('$100.00 (16.1% of the total)');
    expect(summary.textContent).toContain('$86.67');
    expect(summary.textContent).toContain('$75.00');
    expect(rowsOf('Gifts per hour')).toEqual([
      expect.stringMatching(/^Sun, Dec 13, 7 PM.*1.*\$100\.00$/),
      expect.stringMatching(/^Sun, Dec 13, 8 PM.*2.*\$80\.00$/),
      expect.stringMatching(/^Sun, Dec 13, 9 PM.*2.*\$320\.00$/),
    ]);
    expect(screen.getByRole('img').textContent).toBe(
      'Money given per hour; the most, $320.00, at Sun, Dec 13, 9 PM.',
    );
    expect(summary.textContent).toContain(
      'Dated outside the campaign’s hours (entered later): 1 gift, $20.00.',
    );
    expect(rowsOf('Where gifts came from')[0]).toContain('Direct (no link tracking)');
    expect(rowsOf('Where gifts came from')[1]).toContain('whatsapp / social');
    expect(rowsOf('New and returning donors')[1]).toMatch(/^Returning.*1.*2.*\$220\.00$/);
    expect(rowsOf('By payment method')).toHaveLength(3);
    expect(rowsOf('By team')).toEqual(['The Katz Family23$400.00', 'No team23$120.00']);
  });

  it('says plainly when the figures could not be loaded', async () => {
    open(apiError(500, 'Something went wrong'));
    expect(await screen.findByText('The figures could not be loaded')).toBeDefined();
  });
});
