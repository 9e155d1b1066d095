import { describe, expect, it } from 'vitest';
import type { TeamStanding } from './schemas/campaign-teams';
import { leaderboardKeyOf, rankTeams } from './team-leaderboard';

const team = (slug: string, raised: number, donors: number, goal: number | null): TeamStanding => ({
  slug,
  name: slug.replace(/-/g, ' '),
  group: null,
  goal,
  raised,
  donors,
});

const teams = [
  team('alpha', 500, 5, 1000), // 50%
  team('bravo', 900, 3, 3000), // 30%
  team('charlie', 500, 8, null),
  team('delta', 180, 8, 200), // 90%
  team('echo', 500, 5, 1000), // 50%, ties alpha everywhere: by name
];

const order = (key: Parameters<typeof rankTeams>[1]) => rankTeams(teams, key).map((t) => t.slug);

describe('the leaderboard', () => {
  it('by amount: more raised first; a tie goes to more donors, then the name', () => {
    expect(order('amount')).toEqual(['bravo', 'charlie', 'alpha', 'echo', 'delta']);
  });

  it('by donors: more donors first; a tie goes to more raised, then the name', () => {
    expect(order('donors')).toEqual(['charlie', 'delta', 'alpha', 'echo', 'bravo']);
  });

  it('by closeness to goal: the largest share first, teams without a goal last', () => {
    expect(order('goal')).toEqual(['delta', 'alpha', 'echo', 'bravo', 'charlie']);
  });

  it('reads the address’s board, the amount for anything else', () => {
    expect(leaderboardKeyOf('donors')).toBe('donors');
    expect(leaderboardKeyOf('goal')).toBe('goal');
    expect(leaderboardKeyOf('<script>')).toBe('amount');
    expect(leaderboardKeyOf(null)).toBe('amount');
  });
});
