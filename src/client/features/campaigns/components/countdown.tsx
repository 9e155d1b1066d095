import {
  campaignState,
  countdownText,
  pauseName,
  type CampaignState as ClockState,
  type CampaignTimes,
} from '~/shared/campaign-clock';
import type { CampaignState, CampaignView } from '~/client/features/campaigns/lib/campaign-view';
import { dateAt, dollars, weekdayAt } from '~/client/features/campaigns/lib/campaign-format';
import { useMinuteClock } from '~/client/features/campaigns/lib/use-minute-clock';

type CountdownProps = Pick<
  CampaignView,
  'startsAt' | 'endsAt' | 'openUntil' | 'pauses' | 'goal' | 'raised' | 'matched'
> & {
  /** When the server rendered the page (ISO 8601): the first render counts from it. */
  renderedAt: string;
};

/** The snapshot's times as the shared campaign clock reads them. */
export function timesOfView(
  view: Pick<CampaignView, 'startsAt' | 'endsAt' | 'openUntil' | 'pauses'>,
): CampaignTimes {
  const endsAt = new Date(view.endsAt);
  const openUntil = view.openUntil ? new Date(view.openUntil) : null;
  return {
    startsAt: new Date(view.startsAt),
    plannedEndsAt: endsAt,
    endsAt,
    plannedOpenUntil: openUntil,
    openUntil,
    pauses: view.pauses.map((p) => ({
      start: new Date(p.start),
      end: new Date(p.end),
      kind: p.kind,
    })),
    pausedMs: 0,
  };
}

/** What the countdown counts to in each state; null when it counts to nothing. */
function targetOf(at: ClockState): Date | null {
  if (at.state === 'before') return at.startsAt;
  if (at.state === 'live') return at.endsAt;
  return null;
}

/** Announced when the campaign changes state (not at every minute): where it stands. */
const stateWords: Record<CampaignState, string> = {
  before: 'The campaign has not started yet.',
  live: 'The campaign is live.',
  paused: 'The campaign is paused.',
  open: 'The campaign has ended and still takes gifts.',
  ended: 'The campaign has ended.',
};

/**
 * Time to the start, then to the end ("5 hours 12 minutes" on the last day), as the shared
 * campaign clock counts it (Shabbat and Yom Tov skipped); while paused, when it resumes; after
 * the end, the result. The words move on each minute with JavaScript; only a change of state is
 * announced to screen readers (the timer itself is not a live region).
 */
export function Countdown(props: CountdownProps) {
  const times = timesOfView(props);
  const first = campaignState(times, new Date(props.renderedAt));
  const target = targetOf(first);
  const now = useMinuteClock(props.renderedAt, target?.toISOString() ?? null);
  const at = campaignState(times, new Date(now));
  return (
    <section aria-label="Time" className="rounded-2xl bg-navy-950 p-5 text-white">
      <p aria-live="polite" className="sr-only">
        {stateWords[at.state]}
      </p>
      <CountdownBody {...props} at={at} total={props.raised + props.matched} />
    </section>
  );
}

function CountdownBody(props: CountdownProps & { at: ClockState; total: number }) {
  const { at } = props;
  const big = 'font-display text-3xl font-semibold text-gold-300';
  const small = 'mt-1 text-white/90';
  if (at.state === 'before' || at.state === 'live') {
    const starting = at.state === 'before';
    return (
      <>
        <p role="timer" className={big}>
          {`${starting ? 'Starts in' : 'Ends in'} ${countdownText(at.msLeft).text}`}
        </p>
        <p className={small}>
          {starting ? 'Starts' : 'Ends'} {dateAt(starting ? props.startsAt : props.endsAt)}
        </p>
      </>
    );
  }
  if (at.state === 'paused') {
    return (
      <>
        <p className={big}>
          Paused for {pauseName(at.pause.kind)}. Resumes {weekdayAt(at.resumesAt.toISOString())}
        </p>
        <p className={small}>
          {at.during === 'open' && props.openUntil
            ? `The campaign has ended; gifts are still welcome after the pause, until ${dateAt(props.openUntil)}.`
            : `The clock stops while we rest, and the end moves later by the same time: it now ends ${dateAt(props.endsAt)}.`}
        </p>
      </>
    );
  }
  const result = `Together we raised ${dollars(props.total)} of the ${dollars(props.goal)} goal.`;
  return (
    <>
      <p className={big}>The campaign has ended</p>
      <p className={small}>
        {result}{' '}
        {at.state === 'open'
          ? `Gifts are still welcome${props.openUntil ? ` until ${dateAt(props.openUntil)}` : ''}.`
          : 'Thank you!'}
      </p>
    </>
  );
}
