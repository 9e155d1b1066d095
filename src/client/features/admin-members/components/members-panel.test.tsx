// @vitest-environment happy-dom
import siteConfig from '@site-config';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MemberView } from '~/shared/schemas/admin-members';
import {
  apiError,
  json,
  never,
  openAdminPanel,
  type ApiRoutes,
} from '~/client/test/component-test-kit';
import MembersPanel from './members-panel';

const listPath = 'GET /api/admin/members';
const counts = { pending: 1, active: 2, lapsed: 0, cancelled: 3 };
const [spark, flame] = siteConfig.tiers;

function member(overrides: Partial<MemberView> = {}): MemberView {
  return {
    id: 'mem-1',
    applicationId: 'app-1',
    name: 'Sarah Katz',
    email: 'sarah@example.org',
    tier: flame!.id,
    status: 'active',
    monthlyAmount: flame!.price * 100,
    memberSince: '2026-01-05T15:00:00.000Z',
    nextRenewalAt: '2026-03-05T15:00:00.000Z',
    paidBy: 'card',
    ...overrides,
  };
}

const open = (routes: ApiRoutes) => openAdminPanel(<MembersPanel />, routes);

describe('the members panel', () => {
  it('shows that the members are loading', () => {
    open({ [listPath]: never });
    expect(screen.getByText('Loading members…').getAttribute('role')).toBe('status');
  });

  it('shows why the members could not be loaded', async () => {
    open({ [listPath]: apiError(403, 'Forbidden') });
    const title = await screen.findByText('Could not load the members');
    expect(title.closest('[role="alert"]')!.textContent).toContain('Forbidden');
  });

  it('says there are no members yet', async () => {
    open({ [listPath]: json({ members: [], total: 0, counts: { ...counts, active: 0 } }) });
    expect(await screen.findByText('No members yet.')).toBeDefined();
    expect(screen.getByTestId('member-count-active').textContent).toBe('0');
  });

  it('lists each member with the tier’s name, status, amount and how they pay', async () => {
    open({
      [listPath]: json({
        members: [
          member(),
          member({
            id: 'mem-2',
            name: 'Avi Levi',
            tier: spark!.id,
            status: 'pending',
            monthlyAmount: spark!.price * 100,
            memberSince: null,
            nextRenewalAt: null,
            paidBy: null,
          }),
        ],
        total: 2,
        counts,
      }),
    });
    const table = await screen.findByRole('table', { name: 'All members' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const cellsOf = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cellsOf(first!)).toEqual([
      'Sarah Katz',
      'sarah@example.org',
      flame!.name,
      'Active',
      expect.stringMatching(/^Jan 5, 2026/),
      expect.stringMatching(/^Mar 5, 2026/),
      `$${flame!.price}.00`,
      'Card',
    ]);
    expect(cellsOf(second!)).toEqual([
      'Avi Levi',
      'sarah@example.org',
      spark!.name,
      'Pending',
      '—',
      '—',
      `$${spark!.price}.00`,
      '—',
    ]);
    expect(screen.getByTestId('member-count-cancelled').textContent).toBe('3');
  });

  it('filters by tier and status on the server, and the CSV follows the filters', async () => {
    const { api, user } = open({
      [listPath]: [
        json({ members: [member()], total: 1, counts }),
        json({ members: [member()], total: 1, counts }),
        json({ members: [], total: 0, counts }),
      ],
    });
    await screen.findByRole('table', { name: 'All members' });
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/members.csv',
    );
    await user.selectOptions(screen.getByLabelText('Tier'), flame!.id);
    await user.selectOptions(screen.getByLabelText('Status'), 'lapsed');
    expect(await screen.findByText('No lapsed members.')).toBeDefined();
    const last = api.to(listPath).at(-1)!;
    expect(last.search.get('tier')).toBe(flame!.id);
    expect(last.search.get('status')).toBe('lapsed');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/admin/members.csv?tier=${flame!.id}&status=lapsed`,
    );
  });
});
