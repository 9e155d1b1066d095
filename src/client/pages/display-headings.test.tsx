// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyGivingPageData } from '~/shared/schemas/my-giving';
import type { PrayerNamesPageData } from '~/shared/schemas/prayer-names';
import { PageDataProvider } from '~/client/app/page-data';
import { ErasureRequests } from '~/client/features/admin-statements/components/erasure-requests';
import { json, openAdminPanel, renderWithProviders } from '~/client/test/component-test-kit';
import MyGivingPage from './my-giving-page';
import PrayerNamesPage from './prayer-names-page';

/** Every heading on screen is set in the site's display face, as the rest of the site's are. */
function expectDisplayHeadings(least: number) {
  const headings = screen.getAllByRole('heading');
  expect(headings.length).toBeGreaterThanOrEqual(least);
  for (const heading of headings) {
    expect({
      heading: heading.textContent,
      display: heading.classList.contains('font-display'),
    }).toEqual({ heading: heading.textContent, display: true });
  }
}

describe('the display face on the donor’s and the office’s pages', () => {
  it('My giving: every section heading', () => {
    const data: MyGivingPageData = {
      kind: 'ready',
      name: 'Rivka',
      email: 'rivka@example.com',
      gifts: [],
      monthly: [],
      memberships: [],
      years: [],
      sessionEndsAt: '2099-01-01T00:00:00.000Z',
    };
    renderWithProviders(
      <PageDataProvider snapshot={{ path: '/my-giving', search: '', data }}>
        <MyGivingPage />
      </PageDataProvider>,
      { path: '/my-giving' },
    );
    expectDisplayHeadings(4);
  });

  it('the names for prayer page', () => {
    const data: PrayerNamesPageData = {
      kind: 'ready',
      member: { name: 'Rivka Katz', kind: 'member' },
      lapseWeeks: 12,
      names: [],
    };
    renderWithProviders(
      <PageDataProvider snapshot={{ path: '/prayer-names', search: '', data }}>
        <PrayerNamesPage />
      </PageDataProvider>,
      { path: '/prayer-names' },
    );
    expectDisplayHeadings(2);
  });

  it('admin Statements: the requests to be forgotten', async () => {
    openAdminPanel(<ErasureRequests />, {
      'GET /api/admin/erasure-requests': json({ requests: [] }),
    });
    await screen.findByText('No request.');
    expectDisplayHeadings(1);
  });
});
