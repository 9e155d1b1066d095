import { describe, expect, it } from 'vitest';
import { leaderGiftView } from './leader-gift-view';

const shows = { ambassadorMailShowsAmount: true };
const gift = {
  wallDisplay: 'full' as const,
  donorName: 'Miriam Listed',
  donationType: 'onetime' as const,
  amountCents: 5400,
  feeCents: 200,
  refundedCents: 0,
};

describe('leaderGiftView', () => {
  it('shows what the gift counts for the team: less the fee and what was refunded', () => {
    expect(leaderGiftView({ ...gift, refundedCents: 1000 }, shows).amountCents).toBe(4200);
  });

  it('shows nothing below zero when the refund is larger than what counted', () => {
    expect(leaderGiftView({ ...gift, refundedCents: 5300 }, shows).amountCents).toBe(0);
  });

  it("shows a monthly gift's month, less its fee", () => {
    const monthly = { ...gift, donationType: 'subscription' as const, refundedCents: 9000 };
    expect(leaderGiftView(monthly, shows)).toMatchObject({ amountCents: 5200, monthly: true });
  });
});
