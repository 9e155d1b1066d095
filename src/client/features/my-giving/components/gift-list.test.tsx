// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GivingGiftView } from '~/shared/schemas/my-giving';
import { fieldError, renderWithProviders } from '~/client/test/component-test-kit';
import { GiftList } from './gift-list';

const gift: GivingGiftView = {
  id: '6f1c1e6e-6c39-4c1e-9d1b-0c6f1f0e7a41',
  date: '2026-12-10T15:00:00.000Z',
  amountCents: 3600,
  refundedCents: 0,
  keptCents: 3600,
  currency: 'usd',
  method: 'stripe',
  methodDetail: 'Credit card',
  receiptNumber: '2026-000123',
  voided: false,
  fundGrant: false,
  type: 'onetime',
  status: 'succeeded',
  dedication: null,
  campaign: { slug: 'giving-day', title: 'Giving Day', wall: 'full' },
  receiptUrl: null,
};
const wallLabel = 'On the donor wall of Giving Day';

describe('My giving: a campaign gift’s wall choice', () => {
  it('posts the choice to the page, as a plain form', async () => {
    const post = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const { user } = renderWithProviders(<GiftList gifts={[gift]} />);
    expect(screen.getByLabelText(wallLabel)).toHaveProperty('value', 'full');
    await user.selectOptions(screen.getByLabelText(wallLabel), 'initials');
    await user.click(screen.getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const form = screen.getByLabelText(wallLabel).closest('form')!;
    expect(Object.fromEntries(new FormData(form))).toEqual({
      _form: 'giving-wall',
      gift: gift.id,
      wall: 'initials',
    });
  });

  it('shows the server’s message about the gift under the choice, with the choice sent', () => {
    renderWithProviders(
      <GiftList
        gifts={[gift]}
        wallForm={{
          returned: {
            name: 'giving-wall',
            values: { gift: gift.id, wall: 'hidden' },
            errors: { gift: 'This gift is not among yours.' },
          },
        }}
      />,
    );
    expect(screen.getByLabelText(wallLabel)).toHaveProperty('value', 'hidden');
    expect(fieldError(wallLabel)).toBe('This gift is not among yours.');
  });
});
