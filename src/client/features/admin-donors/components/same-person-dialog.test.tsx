// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DonorRecordView } from '~/shared/schemas/donor-records';
import {
  apiError,
  fieldError,
  json,
  openAdminPanel,
  shownToast,
} from '~/client/test/component-test-kit';
import { SamePersonDialog } from './same-person-dialog';

const giftId = '00000000-0000-4000-8000-0000000000aa';

function record(overrides: Partial<DonorRecordView>): DonorRecordView {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Rivka Cohen',
    email: 'rivka@example.org',
    otherEmails: [],
    postalAddress: null,
    gifts: 1,
    lastGiftAt: null,
    ...overrides,
  };
}

const own = record({});
const other = record({
  id: '00000000-0000-4000-8000-000000000002',
  email: 'rivka.cohen@example.org',
  gifts: 3,
});

function open(merge: Response) {
  const onClose = vi.fn();
  const view = openAdminPanel(
    <SamePersonDialog giftId={giftId} donorName="Rivka Cohen" onClose={onClose} />,
    {
      'GET /api/admin/donor-records': (request) =>
        json({ donors: request.search.has('gift') ? [own] : [own, other] }),
      [`POST /api/admin/donors/${own.id}/merge`]: merge,
    },
  );
  return { onClose, ...view };
}

describe('the same-person dialog', () => {
  it('asks for the record and the reason before sending anything', async () => {
    const { api, user } = open(json({}));
    await screen.findByText(/This gift is from Rivka Cohen/);
    await user.click(screen.getByRole('button', { name: 'Merge records' }));
    expect((await screen.findByText('Choose the record to keep')).getAttribute('role')).toBe(
      'alert',
    );
    expect(fieldError('Why they are the same person')).toBe(
      'Please say why these are the same person',
    );
    expect(api.to(`POST /api/admin/donors/${own.id}/merge`)).toHaveLength(0);
  });

  it('merges into the record found, with the reason, and closes', async () => {
    const { api, onClose, user } = open(json({ donor: other, giftsMoved: 1 }));
    await screen.findByText(/This gift is from Rivka Cohen/);
    await user.type(screen.getByRole('searchbox', { name: 'Find the other record' }), 'rivka');
    await user.click(await screen.findByRole('radio', { name: /rivka\.cohen@example\.org/ }));
    await user.type(screen.getByLabelText('Why they are the same person'), 'Same phone number');
    await user.click(screen.getByRole('button', { name: 'Merge records' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.to(`POST /api/admin/donors/${own.id}/merge`)[0]?.body).toEqual({
      into: other.id,
      reason: 'Same phone number',
    });
    expect(shownToast()?.title).toBe('Records Merged');
  });

  it('shows the server’s message under the reason and stays open', async () => {
    const { onClose, user } = open(
      apiError(400, 'Please check the form.', {
        reason: 'The reason must be at most 500 characters',
      }),
    );
    await screen.findByText(/This gift is from Rivka Cohen/);
    await user.type(screen.getByRole('searchbox', { name: 'Find the other record' }), 'rivka');
    await user.click(await screen.findByRole('radio', { name: /rivka\.cohen@example\.org/ }));
    await user.type(screen.getByLabelText('Why they are the same person'), 'Because');
    await user.click(screen.getByRole('button', { name: 'Merge records' }));
    await waitFor(() =>
      expect(fieldError('Why they are the same person')).toBe(
        'The reason must be at most 500 characters',
      ),
    );
    expect(shownToast()?.title).toBe('Not Merged');
    expect(onClose).not.toHaveBeenCalled();
  });
});
