// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  fieldError,
  json,
  openAdminPanel,
  shownToast,
} from '~/client/test/component-test-kit';
import { AddAdminForm } from './add-admin-form';

const added = {
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    username: 'rivka',
    role: 'owner',
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSignInAt: null,
    activeSessions: 0,
    secondFactor: false,
  },
};

describe('adding an administrator', () => {
  it('checks the server’s rules first: nothing is sent, the messages show under the fields', async () => {
    const { api, user } = openAdminPanel(<AddAdminForm />, {});
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'X');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Add Administrator' }));
    expect(fieldError(/^Username/)).toMatch(/^Username must be 3 to 40 characters/);
    expect(fieldError(/^Password/)).toBe('Password must be at least 12 characters');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Username' }));
    expect(shownToast()?.title).toBe('Could Not Add Administrator');
    expect(api.to('POST /api/admin/users')).toHaveLength(0);
  });

  it('shows a taken username under its field, then adds and empties the form', async () => {
    const { api, user } = openAdminPanel(<AddAdminForm />, {
      'POST /api/admin/users': [apiError(409, 'That username is already taken'), json(added, 201)],
    });
    const username = screen.getByRole('textbox', { name: 'Username' });
    await user.type(username, 'Rivka');
    await user.type(screen.getByLabelText(/^Password/), 'a temporary password');
    await user.selectOptions(screen.getByLabelText(/^Role/), 'owner');
    await user.click(screen.getByRole('button', { name: 'Add Administrator' }));
    await waitFor(() => expect(fieldError(/^Username/)).toBe('That username is already taken'));
    await waitFor(() => expect(document.activeElement).toBe(username));

    await user.click(screen.getByRole('button', { name: 'Add Administrator' }));
    await waitFor(() => expect(shownToast()?.title).toBe('Administrator Added'));
    expect(shownToast()?.description).toBe('rivka can now sign in as an owner.');
    expect(username).toHaveProperty('value', '');
    expect(api.to('POST /api/admin/users')[1]?.body).toEqual({
      username: 'rivka',
      password: 'a temporary password',
      role: 'owner',
    });
  });
});
