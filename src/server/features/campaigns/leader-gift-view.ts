import type { CampaignRow, Donation } from '~/db/schema';
import type { WallDisplay } from '~/shared/domain';
import { wallName } from './wall';

/**
 * How a gift appears to its team leader: by the name the donor chose for the wall (an anonymous
 * or hidden gift is "Anonymous", initials are initials), and with its amount only if the office's
 * campaign setting allows it and the donor's choice shows an amount on the wall ("My name only"
 * and "Not on the wall" do not).
 */
export function ambassadorGiftShown(
  gift: { wallDisplay: WallDisplay | null; donorName: string | null },
  campaign: { ambassadorMailShowsAmount: boolean },
): { donorShownAs: string; showAmount: boolean } {
  const amountOnTheWall = gift.wallDisplay !== 'name' && gift.wallDisplay !== 'hidden';
  return {
    donorShownAs: wallName(gift.wallDisplay, gift.donorName),
    showAmount: campaign.ambassadorMailShowsAmount && amountOnTheWall,
  };
}

type LeaderGift = Pick<
  Donation,
  'wallDisplay' | 'donorName' | 'donationType' | 'amountCents' | 'feeCents' | 'refundedCents'
>;

/**
 * A gift as its leader's note and list show it: who (above), whether it is monthly, and, where it
 * may show, what it counts for as the team's total counts it (the fee a donor added to cover
 * processing is not the team's; a monthly gift's is each month's).
 */
export function leaderGiftView(
  gift: LeaderGift,
  campaign: Pick<CampaignRow, 'ambassadorMailShowsAmount'>,
): { name: string; amountCents: number | null; monthly: boolean } {
  const shown = ambassadorGiftShown(gift, campaign);
  const monthly = gift.donationType === 'subscription';
  // As countedCents (matching.ts) counts it: a refund larger than what counted leaves nothing.
  const cents = Math.max(0, gift.amountCents - gift.feeCents - (monthly ? 0 : gift.refundedCents));
  return { name: shown.donorShownAs, amountCents: shown.showAmount ? cents : null, monthly };
}
