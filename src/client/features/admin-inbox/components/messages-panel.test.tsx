// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContactMessage } from '~/shared/schemas/admin-inbox';
import {
  apiError,
  json,
  never,
  openAdminPanel,
  shownToast,
  testCsrfToken,
  type ApiRoutes,
} from '~/client/test/component-test-kit';
import MessagesPanel from './messages-panel';

const listPath = 'GET /api/admin/contact-messages';

function message(overrides: Partial<ContactMessage> = {}): ContactMessage {
  return {
    id: '0b9f4a52-1c4e-4b8a-9d3e-2f6a7c1e5d01',
    name: 'Yaakov Stern',
    email: 'yaakov@example.org',
    message: 'When is the next prayer gathering?\nThank you.',
    status: 'new',
    createdAt: '2026-02-18T15:30:00.000Z',
    ...overrides,
  };
}

const listing = (messages: ContactMessage[]) => json({ messages, total: messages.length });

const open = (routes: ApiRoutes) => openAdminPanel(<MessagesPanel />, routes);

describe('the messages panel', () => {
  it('shows that the messages are loading', () => {
    open({ [listPath]: never });
    expect(screen.getByText('Loading messages…').getAttribute('role')).toBe('status');
  });

  it('shows why the messages could not be loaded, and tries again', async () => {
    const { api, user } = open({
      [listPath]: [apiError(500, 'Database unavailable'), listing([])],
    });
    const title = await screen.findByText('Could not load the messages');
    expect(title.closest('[role="alert"]')!.textContent).toContain('Database unavailable');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No messages yet.')).toBeDefined();
    expect(api.to(listPath)).toHaveLength(2);
  });

  it('says there are no messages yet, or none in the status chosen', async () => {
    const { api, user } = open({ [listPath]: listing([]) });
    expect(await screen.findByText('No messages yet.')).toBeDefined();
    await user.selectOptions(screen.getByLabelText('Status'), 'archived');
    expect(await screen.findByText('No archived messages.')).toBeDefined();
    expect(api.to(listPath).at(-1)!.search.get('status')).toBe('archived');
  });

  it('lists each message with its sender, text, status and the actions it allows', async () => {
    const { api } = open({
      [listPath]: listing([
        message(),
        message({ id: 'm2', name: 'Dina Roth', status: 'read', message: 'Thank you!' }),
        message({ id: 'm3', name: 'Eli Gold', status: 'archived', message: 'Old news' }),
      ]),
    });
    const table = await screen.findByRole('table', { name: 'All messages' });
    const [newRow, readRow, archivedRow] = within(table).getAllByRole('row').slice(1);
    expect(within(newRow!).getByText('Yaakov Stern')).toBeDefined();
    expect(within(newRow!).getByText(/When is the next prayer gathering/)).toBeDefined();
    expect(within(newRow!).getByText('New')).toBeDefined();
    expect(
      within(newRow!).getByRole('button', { name: 'Mark read: message from Yaakov Stern' }),
    ).toBeDefined();
    expect(within(readRow!).queryByRole('button', { name: /Mark read/ })).toBeNull();
    expect(
      within(readRow!).getByRole('button', { name: 'Archive: message from Dina Roth' }),
    ).toBeDefined();
    expect(
      within(archivedRow!).getByRole('button', { name: 'Restore: message from Eli Gold' }),
    ).toBeDefined();
    expect(within(newRow!).getByText(/Feb 18, 2026/)).toBeDefined();
    expect(api.to(listPath)[0]!.search.get('limit')).toBe('100');
  });

  it('marks a message read with the CSRF token, confirms it and refreshes the list', async () => {
    const first = message();
    const { api, user } = open({
      [listPath]: [listing([first]), listing([{ ...first, status: 'read' }])],
      [`PATCH /api/admin/contact-messages/${first.id}`]: json({ ...first, status: 'read' }),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Mark read: message from Yaakov Stern' }),
    );
    await waitFor(() => expect(shownToast()?.title).toBe('Marked Read'));
    expect(shownToast()?.description).toBe('The message from Yaakov Stern was updated.');
    const [patch] = api.to(`PATCH /api/admin/contact-messages/${first.id}`);
    expect(patch!.headers.get('x-csrf-token')).toBe(testCsrfToken);
    expect(patch!.headers.get('content-type')).toBe('application/json');
    expect(patch!.body).toEqual({ status: 'read' });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Mark read: message from/ })).toBeNull(),
    );
    expect(api.to(listPath)).toHaveLength(2);
  });

  it('says the update failed, with the server’s message', async () => {
    const first = message();
    const { user } = open({
      [listPath]: listing([first]),
      [`PATCH /api/admin/contact-messages/${first.id}`]: apiError(403, 'Invalid CSRF token'),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Archive: message from Yaakov Stern' }),
    );
    await waitFor(() => expect(shownToast()?.title).toBe('Update Failed'));
    expect(shownToast()).toMatchObject({ description: 'Invalid CSRF token', role: 'alert' });
  });
});
