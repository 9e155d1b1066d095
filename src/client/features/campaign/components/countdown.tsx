import type { CampaignState, CampaignView } from '~/client/features/campaign/lib/campaign-view';
import { dateAt, dollars, weekdayAt } from '~/client/features/campaign/lib/campaign-format';
import { countdownText } from '~/client/features/campaign/lib/countdown-text';
import { useMinuteClock } from '~/client/features/campaign/lib/use-minute-clock';

type CountdownProps = Pick<
  CampaignView,
  'state' | 'startsAt' | 'endsAt' | 'resumesAt' | 'openUntil' | 'goal' | 'raised' | 'matched'
> & {
  /** When the server rendered the page (ISO 8601): the first render counts from it. */
  renderedAt: string;
};

/** What the countdown counts to in each state; null when it counts to nothing. */
function targetOf({
  state,
  startsAt,
  endsAt,
}: Pick<CountdownProps, 'state' | 'startsAt' | 'endsAt'>) {
  if (state === 'before') return startsAt;
  if (state === 'live') return endsAt;
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
 * Time to the start, then to the end ("5 hours 12 minutes" on the last day); while paused, when
 * it resumes; after the end, the result. The words move on each minute with JavaScript; only a
 * change of state is announced to screen readers (the timer itself is not a live region).
 */
export function Countdown(props: CountdownProps) {
  const target = targetOf(props);
  const now = useMinuteClock(props.renderedAt, target);
  const total = props.raised + props.matched;
  return (
    <section aria-label="Time" className="rounded-2xl bg-navy-950 p-5 text-white">
      <p aria-live="polite" className="sr-only">
        {stateWords[props.state]}
      </p>
      <CountdownBody
        {...props}
        left={target === null ? 0 : Date.parse(target) - now}
        total={total}
      />
    </section>
  );
}

function CountdownBody(props: CountdownProps & { left: number; total: number }) {
  const { state, left } = props;
  const big = 'font-display text-3xl font-semibold text-gold-300';
  const small = 'mt-1 text-white/90';
  if (state === 'before' || state === 'live') {
    const starting = state === 'before';
    return (
      <>
        <p role="timer" className={big}>
          {left > 0
            ? `${starting ? 'Starts in' : 'Ends in'} ${countdownText(left)}`
            : starting
              ? 'Starting now'
              : 'Ending now'}
        </p>
        <p className={small}>
          {starting ? 'Starts' : 'Ends'} {dateAt(starting ? props.startsAt : props.endsAt)}
        </p>
      </>
    );
  }
  if (state === 'paused') {
    return (
      <>
        <p className={big}>
          Paused for Shabbat.
          {props.resumesAt ? ` Resumes ${weekdayAt(props.resumesAt)}` : null}
        </p>
        <p className={small}>
          The clock stops while we rest, and the end moves later by the same time: it now ends{' '}
          {dateAt(props.endsAt)}.
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
        {state === 'open'
          ? `Gifts are still welcome${props.openUntil ? ` until ${dateAt(props.openUntil)}` : ''}.`
          : 'Thank you!'}
      </p>
    </>
  );
}
