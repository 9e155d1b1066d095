// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NewsletterSubscriber } from '~/shared/schemas/admin-inbox';
import {
  apiError,
  json,
  never,
  openAdminPanel,
  type ApiRoutes,
} from '~/client/test/component-test-kit';
import SubscribersPanel from './subscribers-panel';

const listPath = 'GET /api/admin/newsletter-subscribers';
const noCounts = { pending: 0, confirmed: 0, unsubscribed: 0 };

const subscribers: NewsletterSubscriber[] = [
  {
    id: 's1',
    email: 'leah@example.org',
    status: 'confirmed',
    createdAt: '2026-02-01T10:00:00.000Z',
    confirmedAt: '2026-02-01T10:05:00.000Z',
    unsubscribedAt: null,
  },
  {
    id: 's2',
    email: 'avi@example.org',
    status: 'pending',
    createdAt: '2026-02-03T10:00:00.000Z',
    confirmedAt: null,
    unsubscribedAt: null,
  },
];

const open = (routes: ApiRoutes) => openAdminPanel(<SubscribersPanel />, routes);

describe('the subscribers panel', () => {
  it('shows that the subscribers are loading', () => {
    open({ [listPath]: never });
    expect(screen.getByText('Loading subscribers…').getAttribute('role')).toBe('status');
    expect(screen.queryByLabelText('Subscribers by status')).toBeNull();
  });

  it('shows why the subscribers could not be loaded', async () => {
    open({ [listPath]: apiError(500, 'Database unavailable') });
    const title = await screen.findByText('Could not load the subscribers');
    expect(title.closest('[role="alert"]')!.textContent).toContain('Database unavailable');
  });

  it('says there are no subscribers yet, with zero counts', async () => {
    open({ [listPath]: json({ subscribers: [], total: 0, counts: noCounts }) });
    expect(await screen.findByText('No subscribers yet.')).toBeDefined();
    expect(screen.getByTestId('subscriber-count-confirmed').textContent).toBe('0');
  });

  it('lists the subscribers with the counts by status and the CSV of the filter', async () => {
    const { api, user } = open({
      [listPath]: [
        json({ subscribers, total: 2, counts: { pending: 1, confirmed: 1, unsubscribed: 4 } }),
        json({
          subscribers: [subscribers[1]],
          total: 1,
          counts: { pending: 1, confirmed: 1, unsubscribed: 4 },
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'All subscribers' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'leah@example.org',
      'avi@example.org',
    ]);
    expect(within(rows[0]!).getByText('Confirmed')).toBeDefined();
    const counts = screen.getByLabelText('Subscribers by status');
    expect(within(counts).getByTestId('subscriber-count-unsubscribed').textContent).toBe('4');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/newsletter-subscribers.csv',
    );

    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    expect(await screen.findByRole('table', { name: 'Pending subscribers' })).toBeDefined();
    expect(api.to(listPath).at(-1)!.search.get('status')).toBe('pending');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/newsletter-subscribers.csv?status=pending',
    );
  });
});
