import type { TeamStanding } from './schemas/campaign-teams';

/** How the campaign page's leaderboard orders the teams (`?board=` in its address). */
export const leaderboardKeys = ['amount', 'donors', 'goal'] as const;
export type LeaderboardKey = (typeof leaderboardKeys)[number];

export const leaderboardLabels: Record<LeaderboardKey, string> = {
  amount: 'Most raised',
  donors: 'Most donors',
  goal: 'Closest to goal',
};

/** The address's `board`, or the amount for anything else. */
export function leaderboardKeyOf(value: string | null | undefined): LeaderboardKey {
  return leaderboardKeys.find((key) => key === value) ?? 'amount';
}

/** How far along its goal a team is (1 = reached); a team without a goal has none. */
export function goalShare(team: Pick<TeamStanding, 'raised' | 'goal'>): number | null {
  return team.goal ? team.raised / team.goal : null;
}

const byName = (a: TeamStanding, b: TeamStanding) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.slug.localeCompare(b.slug);

/**
 * The teams in the leaderboard's order. Ties are decided the same way everywhere: by amount
 * (more first), then donors (more first), then by name (A to Z), so the order never jumps
 * between renders. By goal, teams without a goal come last; by donors, the amount breaks a tie.
 */
export function rankTeams(teams: readonly TeamStanding[], key: LeaderboardKey): TeamStanding[] {
  const byAmount = (a: TeamStanding, b: TeamStanding) => b.raised - a.raised;
  const byDonors = (a: TeamStanding, b: TeamStanding) => b.donors - a.donors;
  const byGoal = (a: TeamStanding, b: TeamStanding) => {
    const sa = goalShare(a);
    const sb = goalShare(b);
    if (sa === null || sb === null) return (sa === null ? 1 : 0) - (sb === null ? 1 : 0);
    return sb - sa;
  };
  const order =
    key === 'donors'
      ? [byDonors, byAmount, byName]
      : key === 'goal'
        ? [byGoal, byAmount, byDonors, byName]
        : [byAmount, byDonors, byName];
  return [...teams].sort((a, b) => {
    for (const compare of order) {
      const result = compare(a, b);
      if (result !== 0) return result;
    }
    return 0;
  });
}
