// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MembershipApplication } from '~/shared/schemas/admin-inbox';
import {
  apiError,
  json,
  never,
  openAdminPanel,
  shownToast,
  testCsrfToken,
  type ApiRoutes,
} from '~/client/test/component-test-kit';
import ApplicationsPanel from './applications-panel';

const listPath = 'GET /api/admin/membership-applications';

function application(overrides: Partial<MembershipApplication> = {}): MembershipApplication {
  return {
    id: '6a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    firstName: 'Sarah',
    lastName: 'Katz',
    email: 'sarah@example.org',
    phone: '845-555-0100',
    tier: 'flame',
    prayerIntentions: 'Refuah for Chaya bat Leah',
    message: null,
    status: 'new',
    notes: null,
    createdAt: '2026-02-18T15:30:00.000Z',
    memberStatus: 'pending',
    ...overrides,
  };
}

const listing = (applications: MembershipApplication[]) =>
  json({ applications, total: applications.length });

const open = (routes: ApiRoutes) => openAdminPanel(<ApplicationsPanel />, routes);

describe('the applications panel', () => {
  it('shows that the applications are loading', () => {
    open({ [listPath]: never });
    expect(screen.getByText('Loading applications…').getAttribute('role')).toBe('status');
  });

  it('shows why the applications could not be loaded', async () => {
    open({ [listPath]: apiError(500, 'Database unavailable') });
    const title = await screen.findByText('Could not load the applications');
    expect(title.closest('[role="alert"]')!.textContent).toContain('Database unavailable');
  });

  it('says there are no applications yet', async () => {
    open({ [listPath]: listing([]) });
    expect(await screen.findByText('No applications yet.')).toBeDefined();
  });

  it('lists each applicant with the tier, intentions, member status and notes', async () => {
    open({ [listPath]: listing([application()]) });
    const table = await screen.findByRole('table', { name: 'All applications' });
    const [row] = within(table).getAllByRole('row').slice(1);
    const cells = within(row!);
    expect(cells.getByText('Sarah Katz')).toBeDefined();
    expect(cells.getByText('845-555-0100')).toBeDefined();
    // The tier by the name the site gives it, not its id.
    expect(cells.getByText('Flame Tier')).toBeDefined();
    expect(cells.queryByText('flame')).toBeNull();
    expect(cells.getByText('Refuah for Chaya bat Leah')).toBeDefined();
    expect(cells.getByText('pending payment')).toBeDefined();
    expect(cells.getByText('—')).toBeDefined();
    expect((cells.getByLabelText('Status of Sarah Katz') as HTMLSelectElement).value).toBe('new');
    expect(
      (cells.getByRole('button', { name: 'Save notes on Sarah Katz' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('shows a tier no longer offered by its id', async () => {
    open({ [listPath]: listing([application({ tier: 'retired-tier' })]) });
    const table = await screen.findByRole('table', { name: 'All applications' });
    expect(within(table).getByText('retired-tier')).toBeDefined();
  });

  it('changes the status with the CSRF token and confirms it', async () => {
    const first = application();
    const { api, user } = open({
      [listPath]: listing([first]),
      [`PATCH /api/admin/membership-applications/${first.id}`]: json({
        ...first,
        status: 'contacted',
      }),
    });
    await user.selectOptions(await screen.findByLabelText('Status of Sarah Katz'), 'contacted');
    await waitFor(() => expect(shownToast()?.title).toBe('Status Changed'));
    const [patch] = api.to(`PATCH /api/admin/membership-applications/${first.id}`);
    expect(patch!.body).toEqual({ status: 'contacted' });
    expect(patch!.headers.get('x-csrf-token')).toBe(testCsrfToken);
  });

  it('saves the office’s notes once they change, and says when that fails', async () => {
    const first = application();
    const { api, user } = open({
      [listPath]: listing([first]),
      [`PATCH /api/admin/membership-applications/${first.id}`]: apiError(
        400,
        'Notes must be at most 2000 characters',
      ),
    });
    const notes = await screen.findByLabelText('Notes on Sarah Katz');
    await user.type(notes, 'Called on Sunday');
    await user.click(screen.getByRole('button', { name: 'Save notes on Sarah Katz' }));
    await waitFor(() => expect(shownToast()?.title).toBe('Update Failed'));
    expect(shownToast()?.description).toBe('Notes must be at most 2000 characters');
    expect(api.to(`PATCH /api/admin/membership-applications/${first.id}`)[0]!.body).toEqual({
      notes: 'Called on Sunday',
    });
  });
});
