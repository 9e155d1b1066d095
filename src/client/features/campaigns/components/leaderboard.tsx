import { useId } from 'react';
import type { GroupStanding, TeamStanding } from '~/shared/schemas/campaign-teams';
import { teamPagePath } from '~/shared/campaign-share';
import {
  goalShare,
  leaderboardKeys,
  leaderboardLabels,
  rankTeams,
  type LeaderboardKey,
} from '~/shared/team-leaderboard';
import { dollars } from '~/client/features/campaigns/lib/campaign-format';

const donorsWords = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'donor' : 'donors'}`;

/**
 * The teams ranked by amount, donors or closeness to goal: the choice is a plain link
 * (`?board=`), so it works without JavaScript; each team links to its own page. Then the groups'
 * totals.
 */
export function Leaderboard({
  campaignSlug,
  teams,
  groups,
  board,
  creditedTeam,
}: {
  campaignSlug: string;
  teams: TeamStanding[];
  groups: GroupStanding[];
  board: LeaderboardKey;
  /** The team the visitor's link credits (`?team=`): ordering the board keeps it. */
  creditedTeam?: string;
}) {
  const headingId = useId();
  if (teams.length === 0) return null;
  const ranked = rankTeams(teams, board);
  return (
    <section id="teams" aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="font-display text-2xl font-semibold text-navy-950">
        Teams
      </h2>
      <nav aria-label="Order the teams by" className="flex flex-wrap gap-2">
        {leaderboardKeys.map((key) => (
          <a
            key={key}
            href={`/campaign/${encodeURIComponent(campaignSlug)}?${new URLSearchParams({
              ...(creditedTeam ? { team: creditedTeam } : {}),
              board: key,
            })}#teams`}
            aria-current={key === board ? 'true' : undefined}
            className="rounded-full border-2 border-stone-300 px-3 py-1 text-sm font-semibold text-navy-950 aria-[current=true]:border-navy-900 aria-[current=true]:bg-cream-100"
          >
            {leaderboardLabels[key]}
          </a>
        ))}
      </nav>
      <ol className="flex flex-col gap-2">
        {ranked.map((team, index) => {
          const share = goalShare(team);
          return (
            <li
              key={team.slug}
              className="flex items-baseline gap-3 rounded-xl bg-white p-3 ring-1 ring-stone-300"
            >
              <span className="w-6 text-right font-semibold text-stone-700">{index + 1}.</span>
              <div className="flex min-w-0 flex-1 flex-col">
                <a
                  href={teamPagePath(campaignSlug, team.slug)}
                  className="font-semibold text-navy-900 underline underline-offset-2"
                >
                  {team.name}
                </a>
                <span className="text-sm text-stone-700">
                  {dollars(team.raised)} raised
                  {team.goal
                    ? ` of ${dollars(team.goal)} (${Math.floor((share ?? 0) * 100)}%)`
                    : ''}
                  {' · '}
                  {donorsWords(team.donors)}
                  {team.group ? ` · ${team.group}` : ''}
                </span>
              </div>
            </li>
          );
        })}
      </ol>
      {groups.length > 0 ? (
        <div>
          <h3 className="font-display text-xl font-semibold text-navy-950">Groups</h3>
          <ul className="mt-2 flex flex-col gap-1 text-stone-800">
            {groups.map((group) => (
              <li key={group.name}>
                <span className="font-semibold">{group.name}</span>: {dollars(group.raised)} raised
                by {group.teams} {group.teams === 1 ? 'team' : 'teams'}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
