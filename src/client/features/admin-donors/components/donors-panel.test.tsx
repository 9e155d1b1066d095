// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DonorRecord, PaymentStats } from '~/shared/schemas/admin-donors';
import {
  apiError,
  json,
  never,
  openAdminPanel,
  shownToast,
  type ApiRoutes,
  type Reply,
} from '~/client/test/component-test-kit';
import { campaignFixture } from '~/client/test/campaign-fixture';
import DonorsPanel from './donors-panel';

const sum = (amount: number, count: number) => ({ amount, count });

const stats: PaymentStats = {
  totalAmount: 1_234_500,
  totalDonors: 42,
  verifiedPayments: 38,
  pendingPayments: 2,
  failedPayments: 1,
  refundedPayments: 1,
  disputedPayments: 0,
  averageAmount: 32_487,
  last7Days: sum(54_000, 3),
  last30Days: sum(180_000, 9),
  byType: { onetime: sum(900_000, 30), subscription: sum(334_500, 8) },
  monthly: [
    { month: '2026-01', ...sum(100_000, 4) },
    { month: '2026-02', ...sum(250_000, 7) },
  ],
  timeZone: 'America/New_York',
  asOf: '2026-02-20T12:00:00.000Z',
};

function donor(overrides: Partial<DonorRecord> = {}): DonorRecord {
  return {
    id: 'don-1',
    name: 'Rivka Cohen',
    email: 'rivka@example.org',
    amount: 7200,
    refundedAmount: 0,
    currency: 'usd',
    donationType: 'onetime',
    paymentMethod: 'stripe',
    paymentStatus: 'succeeded',
    paymentId: 'pi_abc123',
    methodDetail: null,
    receiptNumber: '2026-000018',
    dedication: null,
    voided: false,
    voidReason: null,
    createdAt: '2026-02-18T15:30:00.000Z',
    donatedAt: '2026-02-18T15:31:00.000Z',
    ...overrides,
  };
}

const listing = (donors: DonorRecord[], total = donors.length) =>
  json({ donors, total, totalIsExact: true, offset: 0, limit: 25 });

function open(routes: { donors: Reply | Reply[]; stats?: Reply } & ApiRoutes) {
  const { donors, stats: statsReply = json(stats), ...rest } = routes;
  return openAdminPanel(<DonorsPanel />, {
    'GET /api/admin/payment-stats': statsReply,
    'GET /api/admin/donors': donors,
    // No campaign yet: the campaign filter is not shown.
    'GET /api/admin/campaigns': json({ campaigns: [] }),
    ...rest,
  });
}

describe('the donors panel', () => {
  it('shows that the stats and the donors are loading', () => {
    open({ donors: never, stats: never });
    expect(screen.getByText('Loading payment stats…').getAttribute('role')).toBe('status');
    expect(screen.getByText('Loading donors…').getAttribute('role')).toBe('status');
  });

  it('shows the totals and one row per donor, with a verify action', async () => {
    const { api } = open({
      donors: listing([
        donor(),
        donor({
          id: 'don-2',
          name: null,
          email: null,
          amount: 18_000,
          donationType: 'subscription',
          paymentMethod: 'ojc',
          paymentStatus: 'pending',
          paymentId: 'don-2',
          receiptNumber: null,
        }),
      ]),
    });
    const table = await screen.findByRole('table', { name: 'All donors' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Rivka Cohen')).toBeDefined();
    expect(first.getByRole('link', { name: 'rivka@example.org' }).getAttribute('href')).toBe(
      'mailto:rivka@example.org',
    );
    expect(first.getByText('$72.00')).toBeDefined();
    expect(first.getByText('Verified')).toBeDefined();
    expect(first.getByText('Receipt 2026-000018')).toBeDefined();
    const second = within(rows[1]!);
    // Pending: not received, so not numbered.
    expect(second.queryByText(/^Receipt /)).toBeNull();
    expect(second.getByText('Anonymous')).toBeDefined();
    expect(second.getByText('Monthly')).toBeDefined();
    expect(second.getByText('OJC')).toBeDefined();
    expect(second.getByText('Pending')).toBeDefined();
    expect(screen.getByText('Showing 1–2 of 2')).toBeDefined();

    const totals = screen.getByLabelText('Giving totals');
    expect(within(totals).getByText('$12,345.00')).toBeDefined();
    expect(within(totals).getByText('38 gifts, net of refunds')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/donors.csv?columns=dashboard',
    );
    expect(api.to('GET /api/admin/donors')[0]!.search.get('limit')).toBe('25');
  });

  it('shows a gift the office received by how it came, with nothing to verify', async () => {
    open({
      donors: listing([
        donor({
          id: 'don-3',
          name: 'Shimon Lev',
          paymentMethod: 'offline',
          paymentId: null,
          methodDetail: 'Cheque 1042',
        }),
      ]),
    });
    const table = await screen.findByRole('table', { name: 'All donors' });
    const row = within(within(table).getAllByRole('row')[1]!);
    expect(row.getByText('Cheque 1042')).toBeDefined();
    expect(row.getByText('Receipt 2026-000018')).toBeDefined();
    expect(row.queryByRole('button', { name: /Verify/ })).toBeNull();
  });

  it('marks a voided gift Void, with the office’s reason', async () => {
    open({
      donors: listing([
        donor({
          paymentMethod: 'offline',
          paymentId: null,
          methodDetail: 'Cheque 77',
          voided: true,
          voidReason: 'Returned by the bank',
        }),
      ]),
    });
    const table = await screen.findByRole('table', { name: 'All donors' });
    const row = within(within(table).getAllByRole('row')[1]!);
    expect(row.getByText('Void')).toBeDefined();
    expect(row.getByText('Returned by the bank')).toBeDefined();
    expect(row.queryByText('Verified')).toBeNull();
  });

  it('says there are no donors yet when the list is empty', async () => {
    open({ donors: listing([]) });
    expect(await screen.findByText('No Donors Yet')).toBeDefined();
    expect(screen.queryByRole('table', { name: 'All donors' })).toBeNull();
  });

  it('shows the error with the server’s message, and tries again on request', async () => {
    const { api, user } = open({
      donors: [apiError(500, 'Database unavailable'), listing([donor()])],
    });
    const title = await screen.findByText('Error Loading Donors');
    expect(title.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByText('Database unavailable')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'All donors' })).toBeDefined();
    expect(screen.queryByText('Error Loading Donors')).toBeNull();
    expect(api.to('GET /api/admin/donors')).toHaveLength(2);
  });

  it('sends the search to the server and says when nothing matches', async () => {
    const { api, user } = open({ donors: [listing([donor()]), listing([])] });
    await screen.findByRole('table', { name: 'All donors' });
    await user.type(screen.getByRole('searchbox', { name: 'Search donors' }), 'Levi');
    expect(await screen.findByText('No donor records found', {}, { timeout: 2000 })).toBeDefined();
    const searched = api.to('GET /api/admin/donors').at(-1)!;
    expect(searched.search.get('search')).toBe('Levi');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/donors.csv?search=Levi&columns=dashboard',
    );
  });

  it('sends a choice at once with the search typed so far, and clears every field', async () => {
    const { api, user } = open({ donors: listing([donor()]) });
    await screen.findByRole('table', { name: 'All donors' });
    const search = screen.getByRole('searchbox', { name: 'Search donors' });
    await user.type(search, 'Levi');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'subscription');
    await waitFor(() =>
      expect(api.to('GET /api/admin/donors').at(-1)!.search.get('type')).toBe('subscription'),
    );
    expect(api.to('GET /api/admin/donors').at(-1)!.search.get('search')).toBe('Levi');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The list without filters is the first one, already held: the export says what is asked.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
        '/api/admin/donors.csv?columns=dashboard',
      ),
    );
    expect(search).toHaveProperty('value', '');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toHaveProperty('disabled', true);
  });

  it('verifies a card payment with Stripe, says what it found and refreshes the list', async () => {
    const { api, user } = open({
      donors: listing([donor()]),
      'POST /api/stripe/verify-payment/pi_abc123': json({
        success: true,
        verification: {
          status: 'succeeded',
          stripeStatus: 'succeeded',
          amount: 7200,
          currency: 'usd',
        },
        error: null,
      }),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Verify payment of Rivka Cohen, $72.00' }),
    );
    await waitFor(() => expect(shownToast()?.title).toBe('Payment Verified'));
    expect(shownToast()?.description).toBe('Status: Verified');
    await waitFor(() => expect(api.to('GET /api/admin/donors')).toHaveLength(2));
    expect(api.to('GET /api/admin/payment-stats')).toHaveLength(2);
  });

  it('says the verification failed when the server refuses it', async () => {
    const { user } = open({
      donors: listing([donor({ paymentMethod: 'ojc', paymentId: 'don-1' })]),
      'POST /api/ojc/verify-payment/don-1': apiError(404, 'Payment not found'),
    });
    await user.click(await screen.findByRole('button', { name: /Verify payment of Rivka Cohen/ }));
    await waitFor(() => expect(shownToast()?.title).toBe('Verification Failed'));
    expect(shownToast()).toMatchObject({ description: 'Payment not found', role: 'alert' });
  });

  it('narrows the table, the stats and the CSV to one campaign', async () => {
    const roofDay = campaignFixture;
    const { api, user } = open({
      donors: [listing([donor()]), listing([donor({ name: 'Roof Giver' })])],
      'GET /api/admin/campaigns': json({ campaigns: [roofDay, { ...roofDay, status: 'draft' }] }),
    });
    await screen.findByRole('table', { name: 'All donors' });
    const choice = await screen.findByRole('combobox', { name: 'Campaign' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All campaigns', 'Roof Day']);
    await user.selectOptions(choice, 'roof-day');
    expect(await screen.findByText('Roof Giver')).toBeDefined();
    expect(api.to('GET /api/admin/donors').at(-1)!.search.get('campaign')).toBe('roof-day');
    await waitFor(() =>
      expect(api.to('GET /api/admin/payment-stats').at(-1)!.search.get('campaign')).toBe(
        'roof-day',
      ),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain(
      'campaign=roof-day',
    );
  });
});
