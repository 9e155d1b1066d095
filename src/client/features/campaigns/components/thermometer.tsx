import { useId } from 'react';
import type { CampaignView } from '~/client/features/campaigns/lib/campaign-view';
import { MeterBar } from './meter-bar';
import { dollars } from '~/client/features/campaigns/lib/campaign-format';
import { thermometerFigures } from '~/shared/thermometer-figures';

type ThermometerProps = Pick<
  CampaignView,
  'goal' | 'raised' | 'matched' | 'pending' | 'bonusGoals' | 'donors'
>;

/**
 * Given and matched against the goal, then against the next bonus goal once the goal is passed
 * (every bonus goal is listed from the start, as the campaign published them);
 * pending gifts apart, as a lighter part of the bar and their own line. The bar is a meter whose
 * text alternative says the numbers; it slides only for those who have not asked for less motion.
 */
export function Thermometer(props: ThermometerProps) {
  const headingId = useId();
  const figures = thermometerFigures(props);
  const { total, target, goalReached, nextBonus, percent, pendingPercent, bonuses } = figures;
  const aim =
    nextBonus === null ? `the ${dollars(props.goal)} goal` : `the next goal, ${dollars(target)}`;
  const valueText =
    `${dollars(total)} raised of ${aim}, ${percent} percent` +
    (props.pending > 0 ? `, and ${dollars(props.pending)} pending` : '');

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-300"
    >
      <h2 id={headingId} className="sr-only">
        Raised so far
      </h2>
      <p className="font-display text-4xl font-semibold text-navy-950">
        {dollars(total)}
        <span className="ml-2 text-lg font-normal text-stone-700">raised of {dollars(target)}</span>
      </p>
      <MeterBar
        labelledBy={headingId}
        value={total}
        max={target}
        valueText={valueText}
        className="mt-3 h-5"
      >
        <rect
          height="100%"
          width={`${percent}%`}
          className="fill-navy-900 motion-safe:transition-[width] motion-safe:duration-700"
        />
        <rect
          data-testid="pending-bar"
          x={`${percent}%`}
          height="100%"
          width={`${pendingPercent}%`}
          className="fill-gold-500 motion-safe:transition-[width,x] motion-safe:duration-700"
        />
      </MeterBar>
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-stone-700">
        <li>{dollars(props.raised)} given</li>
        <li>{dollars(props.matched)} matched</li>
        {props.pending > 0 ? (
          <li>
            <span
              aria-hidden="true"
              className="mr-1 inline-block size-2.5 rounded-full bg-gold-500"
            />
            {dollars(props.pending)} pending
          </li>
        ) : null}
        <li>
          {props.donors.toLocaleString('en-US')} {props.donors === 1 ? 'donor' : 'donors'}
        </li>
      </ul>
      {goalReached ? (
        <p className="mt-3 font-semibold text-navy-900">
          The {dollars(props.goal)} goal is reached!
          {nextBonus !== null
            ? ` Next goal: ${dollars(nextBonus)}.`
            : props.bonusGoals.length > 0
              ? ' Every bonus goal too.'
              : ''}
        </p>
      ) : (
        <p className="mt-3 text-sm text-stone-700">Goal: {dollars(props.goal)}</p>
      )}
      {bonuses.length > 0 ? (
        <p className="mt-1 text-sm text-stone-700">
          {bonuses.length === 1 ? 'Bonus goal: ' : 'Bonus goals: '}
          {bonuses.map((b) => `${dollars(b.amount)}${b.reached ? ' (reached)' : ''}`).join(', ')}
        </p>
      ) : null}
    </section>
  );
}
