// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PledgeView } from '~/shared/schemas/pledges';
import {
  apiError,
  fieldError,
  json,
  openAdminPanel,
  shownToast,
} from '~/client/test/component-test-kit';
import { offlineGiftFixture } from '~/client/test/offline-gift-fixture';
import { PayPledgeForm } from './pay-pledge-form';

const pledge: PledgeView = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Rivka Cohen',
  email: 'rivka@example.org',
  address: null,
  amount: 1800,
  expectedOn: '2026-12-01',
  campaign: null,
  note: null,
  status: 'open',
  overdue: false,
  paidGift: null,
  partOf: null,
  cancelReason: null,
  remindersSent: 0,
  lastRemindedAt: null,
  createdAt: '2026-11-01T12:00:00.000Z',
};
const payRoute = `POST /api/admin/pledges/${pledge.id}/pay`;
const duplicate =
  'Cheque 2001 from this donor is already recorded (receipt 2026-0007, received Nov 2). If this is a second gift, confirm it and record it again.';

function paid() {
  return json(
    {
      pledge: { ...pledge, status: 'paid' },
      gift: { ...offlineGiftFixture, name: pledge.name, email: pledge.email, amount: 1800 },
      rest: null,
    },
    201,
  );
}

function open(replies: Response[]) {
  const onDone = vi.fn();
  const view = openAdminPanel(
    <PayPledgeForm pledge={pledge} titleId="pay-title" onDone={onDone} />,
    { [payRoute]: replies },
  );
  return { onDone, ...view };
}

describe('the pledge payment form', () => {
  it('asks for the cheque number before sending anything', async () => {
    const { api, user } = open([paid()]);
    await user.click(screen.getByRole('button', { name: 'Record Payment' }));
    await waitFor(() => expect(fieldError(/^Reference/)).toBe('Please enter the cheque number'));
    expect(api.to(payRoute)).toHaveLength(0);
  });

  it('asks whether a cheque already recorded is another payment, and sends the answer', async () => {
    const { api, onDone, user } = open([
      apiError(400, 'Check the highlighted fields.', { reference: duplicate }),
      paid(),
    ]);
    await user.type(screen.getByLabelText(/^Reference/), '2001');
    await user.click(screen.getByRole('button', { name: 'Record Payment' }));
    const confirm = await screen.findByRole('checkbox', { name: /another payment/ });
    expect(fieldError(/^Reference/)).toBe(duplicate);
    expect(api.to(payRoute)[0]?.body).not.toHaveProperty('confirmDuplicate');

    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: 'Record Payment' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.to(payRoute)[1]?.body).toMatchObject({
      amount: 1800,
      method: 'check',
      reference: '2001',
      confirmDuplicate: true,
    });
    expect(shownToast()?.title).toBe('Pledge Paid');
  });
});
