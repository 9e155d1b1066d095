import type { CampaignSnapshot } from './schemas/campaigns';

export interface ThermometerFigures {
  /** Given and matched: what the bar fills with. */
  total: number;
  /** What the bar is measured against: the goal, then the next bonus goal once it is passed. */
  target: number;
  goalReached: boolean;
  /** The bonus goal the bar now aims for, or null before the goal or after the last one. */
  nextBonus: number | null;
  /** Whole percent of the target filled, at most 100. */
  percent: number;
  /** Whole percent of the target the pending gifts would add, within what is left of the bar. */
  pendingPercent: number;
  /** Every bonus goal, in order, published from the start, each marked once the total reaches it. */
  bonuses: { amount: number; reached: boolean }[];
}

/**
 * The thermometer's numbers, for the page and for the share image the server draws: pending
 * money is shown apart, never in the total.
 */
export function thermometerFigures(
  campaign: Pick<CampaignSnapshot, 'goal' | 'raised' | 'matched' | 'pending' | 'bonusGoals'>,
): ThermometerFigures {
  const total = campaign.raised + campaign.matched;
  const goalReached = total >= campaign.goal;
  const bonuses = [...campaign.bonusGoals].sort((a, b) => a - b);
  const nextBonus = goalReached ? (bonuses.find((amount) => amount > total) ?? null) : null;
  const target = nextBonus ?? (goalReached ? Math.max(campaign.goal, ...bonuses) : campaign.goal);
  const share = (amount: number) => (target > 0 ? (amount / target) * 100 : 100);
  const percent = Math.min(100, Math.floor(share(total)));
  const pendingPercent = Math.min(100 - percent, Math.floor(share(campaign.pending)));
  return {
    total,
    target,
    goalReached,
    nextBonus,
    percent,
    pendingPercent,
    bonuses: bonuses.map((amount) => ({ amount, reached: total >= amount })),
  };
}
