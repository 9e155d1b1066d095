import { useId } from 'react';
import type { TeamStanding } from '~/shared/schemas/campaign-teams';
import { MeterBar } from './meter-bar';
import { dollars } from '~/client/features/campaigns/lib/campaign-format';

/** The team's own thermometer: raised of its goal (or raised alone when it set none). */
export function TeamThermometer({ team }: { team: TeamStanding }) {
  const headingId = useId();
  const target = team.goal ?? Math.max(team.raised, 1);
  const percent = Math.min(100, Math.floor((team.raised / target) * 100));
  const valueText = team.goal
    ? `${dollars(team.raised)} raised of the team's ${dollars(team.goal)} goal, ${percent} percent`
    : `${dollars(team.raised)} raised`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="team-thermometer"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-300"
    >
      <h2 id={headingId} className="sr-only">
        Raised by the team
      </h2>
      <p className="font-display text-4xl font-semibold text-navy-950">
        {dollars(team.raised)}
        {team.goal ? (
          <span className="ml-2 text-lg font-normal text-stone-700">
            raised of {dollars(team.goal)}
          </span>
        ) : (
          <span className="ml-2 text-lg font-normal text-stone-700">raised</span>
        )}
      </p>
      {team.goal ? (
        <MeterBar
          labelledBy={headingId}
          value={team.raised}
          max={team.goal}
          valueText={valueText}
          className="mt-3 h-5"
        >
          <rect height="100%" width={`${percent}%`} className="fill-navy-900" />
        </MeterBar>
      ) : null}
      <p className="mt-3 text-sm text-stone-700">
        {team.donors.toLocaleString('en-US')} {team.donors === 1 ? 'donor' : 'donors'}
      </p>
    </section>
  );
}
