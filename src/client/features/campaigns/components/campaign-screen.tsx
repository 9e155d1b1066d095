import { useId } from 'react';
import { campaignState, countdownText, pauseName } from '~/shared/campaign-clock';
import type { CampaignView, WallEntry } from '~/client/features/campaigns/lib/campaign-view';
import { dollars, wallDedicationWords } from '~/client/features/campaigns/lib/campaign-format';
import { thermometerFigures } from '~/shared/thermometer-figures';
import { useMinuteClock } from '~/client/features/campaigns/lib/use-minute-clock';
import { timesOfView } from './countdown';

/** How many of the latest names the screen shows; the ones that do not fit are clipped. */
const WALL_NAMES = 12;

interface CampaignScreenProps {
  campaign: CampaignView;
  /** When the server rendered the page (ISO 8601): the countdown's first render counts from it. */
  renderedAt: string;
  /**
   * What the screen says of its connection ("Reconnecting… last updated 2 minutes ago"), or
   * nothing while it is live: said quietly, the last figures stay.
   */
  status: string;
}

/**
 * The campaign on a projector: the total, the bar, the figures, the countdown and the latest
 * names, sized by the screen's shorter side (vmin: its height on a projector) so it fills a 720p
 * or a 1080p screen without scrolling and reads from the back of a hall; on a phone held upright
 * the names go under the figures. Light on dark, high contrast; the bar slides only for those who
 * have not asked for less motion.
 */
export function CampaignScreen({ campaign, renderedAt, status }: CampaignScreenProps) {
  const headingId = useId();
  const { total, target, nextBonus, goalReached, percent, pendingPercent } =
    thermometerFigures(campaign);
  const aim = nextBonus === null ? `the ${dollars(campaign.goal)} goal` : dollars(target);
  return (
    <main
      aria-labelledby={headingId}
      className="grid h-dvh grid-cols-[minmax(0,2fr)_minmax(0,1fr)] grid-rows-[minmax(0,1fr)] gap-[4vmin] overflow-hidden bg-black p-[4vmin] text-white portrait:grid-cols-1 portrait:grid-rows-[auto_minmax(0,1fr)]"
    >
      <div className="flex min-h-0 flex-col justify-between gap-[2vmin]">
        <h1
          id={headingId}
          className="font-display text-[6vmin] leading-tight font-semibold text-gold-300"
        >
          {campaign.title}
        </h1>
        <section aria-label="Raised so far">
          <p className="font-display text-[15vmin] leading-none font-semibold tabular-nums">
            {dollars(total)}
          </p>
          <p className="mt-[1vmin] text-[4.5vmin]">
            raised of {goalReached && nextBonus !== null ? 'the next goal, ' : ''}
            {nextBonus === null ? dollars(campaign.goal) : aim}
          </p>
          <div
            role="meter"
            aria-label="Raised so far"
            aria-valuemin={0}
            aria-valuemax={target}
            aria-valuenow={Math.min(total, target)}
            aria-valuetext={`${dollars(total)} raised of ${aim}, ${percent} percent`}
            className="mt-[2vmin] h-[7vmin] overflow-hidden rounded-full bg-stone-800 ring-2 ring-white"
          >
            {/* Drawn with SVG's own attributes: the site's CSP refuses inline styles. */}
            <svg aria-hidden="true" focusable="false" className="block size-full">
              <rect
                height="100%"
                width={`${percent}%`}
                className="fill-gold-300 motion-safe:transition-[width] motion-safe:duration-1000"
              />
              <rect
                x={`${percent}%`}
                height="100%"
                width={`${pendingPercent}%`}
                className="fill-stone-400 motion-safe:transition-[width,x] motion-safe:duration-1000"
              />
            </svg>
          </div>
          <ul className="mt-[2vmin] flex flex-wrap gap-x-[4vmin] gap-y-[1vmin] text-[4vmin] tabular-nums">
            <li>{dollars(campaign.raised)} given</li>
            <li>{dollars(campaign.matched)} matched</li>
            <li>
              {campaign.donors.toLocaleString('en-US')} {campaign.donors === 1 ? 'donor' : 'donors'}
            </li>
          </ul>
          {goalReached ? (
            <p className="mt-[1vmin] text-[4vmin] font-semibold text-gold-300">
              The {dollars(campaign.goal)} goal is reached!
            </p>
          ) : null}
        </section>
        <ScreenClock campaign={campaign} renderedAt={renderedAt} />
      </div>
      <section aria-label="Latest gifts" className="flex min-h-0 flex-col">
        <h2 className="font-display text-[4.5vmin] font-semibold text-gold-300">Latest gifts</h2>
        {campaign.wall.length === 0 ? (
          <p className="mt-[2vmin] text-[3.5vmin]">Yours can be the first.</p>
        ) : (
          <ul className="mt-[1vmin] flex min-h-0 flex-col gap-[1.5vmin] overflow-hidden">
            {campaign.wall.slice(0, WALL_NAMES).map((entry) => (
              <ScreenName key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
        <p role="status" className="mt-auto pt-[1vmin] text-[3vmin] text-stone-200">
          {status}
        </p>
      </section>
    </main>
  );
}

function ScreenName({ entry }: { entry: WallEntry }) {
  const amount = entry.monthly
    ? entry.monthly.amount === null
      ? null
      : `${dollars(entry.monthly.amount)} × ${entry.monthly.months}`
    : entry.amount === null
      ? null
      : dollars(entry.amount);
  return (
    <li className="border-b border-stone-700 pb-[1vmin]">
      <p className="flex justify-between gap-[2vmin] text-[3.6vmin] leading-tight">
        <span className="truncate font-semibold">{entry.name}</span>
        {amount ? <span className="shrink-0 tabular-nums">{amount}</span> : null}
      </p>
      {entry.dedication ? (
        <p className="truncate text-[2.6vmin] text-stone-300">
          {wallDedicationWords(entry.dedication.kind)} {entry.dedication.name}
        </p>
      ) : null}
    </li>
  );
}

/** The countdown in the shared campaign clock's words, large; while paused, when it resumes. */
function ScreenClock({ campaign, renderedAt }: { campaign: CampaignView; renderedAt: string }) {
  const times = timesOfView(campaign);
  const first = campaignState(times, new Date(renderedAt));
  const target =
    first.state === 'before' ? first.startsAt : first.state === 'live' ? first.endsAt : null;
  const now = useMinuteClock(renderedAt, target?.toISOString() ?? null);
  const at = campaignState(times, new Date(now));
  const words =
    at.state === 'before'
      ? `Starts in ${countdownText(at.msLeft).text}`
      : at.state === 'live'
        ? `Ends in ${countdownText(at.msLeft).text}`
        : at.state === 'paused'
          ? `Paused for ${pauseName(at.pause.kind)}`
          : at.state === 'open'
            ? 'The campaign has ended: gifts are still welcome'
            : 'The campaign has ended. Thank you!';
  return (
    <p role="timer" className="font-display text-[6vmin] leading-tight font-semibold text-gold-300">
      {words}
    </p>
  );
}
