// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SecurityPolicy } from '~/shared/schemas/admin-second-factor';
import { apiError, json, openAdminPanel, shownToast } from '~/client/test/component-test-kit';
import { SecurityPolicyForm } from './security-policy-form';

const optional: SecurityPolicy = { requireSecondFactor: false, updatedAt: null, updatedBy: null };
const required: SecurityPolicy = {
  requireSecondFactor: true,
  updatedAt: '2026-11-02T15:00:00.000Z',
  updatedBy: 'rivka',
};
const box = () =>
  screen.getByRole('checkbox', {
    name: 'Require a second factor (an authenticator app or a passkey) of every administrator',
  });

describe('the second-factor policy', () => {
  it('starts from the saved setting, and saves only a change', async () => {
    const { api, user } = openAdminPanel(<SecurityPolicyForm />, {
      'GET /api/admin/security-policy': [json(optional), json(required)],
      'PUT /api/admin/security-policy': json({ ...required, sessionsEnded: 2 }),
    });
    await waitFor(() => expect(box()).toHaveProperty('disabled', false));
    expect(box()).toHaveProperty('checked', false);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.click(box());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shownToast()?.title).toBe('Security Setting Saved'));
    expect(shownToast()?.description).toBe(
      'A second factor is now required. 2 sessions were signed out to set one up.',
    );
    expect(api.to('PUT /api/admin/security-policy')[0]?.body).toEqual({
      requireSecondFactor: true,
    });
    await screen.findByText(/Last changed .* by rivka\./);
    expect(box()).toHaveProperty('checked', true);
  });

  it('says why the server refused, and keeps the choice', async () => {
    const { user } = openAdminPanel(<SecurityPolicyForm />, {
      'GET /api/admin/security-policy': json(optional),
      'PUT /api/admin/security-policy': apiError(
        409,
        'Set up a second factor of your own first, under Account security.',
      ),
    });
    await waitFor(() => expect(box()).toHaveProperty('disabled', false));
    await user.click(box());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shownToast()?.title).toBe('Not Saved'));
    const said = screen.getAllByText(
      'Set up a second factor of your own first, under Account security.',
    );
    expect(said.some((el) => el.getAttribute('role') === 'alert')).toBe(true);
    expect(box()).toHaveProperty('checked', true);
  });
});
