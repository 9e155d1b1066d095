import { useId } from 'react';
import type { CampaignMatcher } from '~/client/features/campaigns/lib/campaign-view';
import { MeterBar } from './meter-bar';
import { dollars, ratioWords } from '~/client/features/campaigns/lib/campaign-format';

/**
 * The matchers in the order their matching is used: each one's ratio in words, its cap, what is
 * used and what is left, with a small bar of what is used; once the campaign has ended, what
 * each matched.
 */
export function Matchers({
  matchers,
  ended = false,
}: {
  matchers: CampaignMatcher[];
  /** After the last end: what each matched, with no "left" as if gifts still came. */
  ended?: boolean;
}) {
  const headingId = useId();
  if (matchers.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="font-display text-2xl font-semibold text-navy-950">
        Matchers
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {matchers.map((matcher, i) => (
          <MatcherCard key={`${i}-${matcher.name}`} matcher={matcher} ended={ended} />
        ))}
      </ul>
    </section>
  );
}

function MatcherCard({ matcher, ended }: { matcher: CampaignMatcher; ended: boolean }) {
  const nameId = useId();
  const left = Math.max(0, matcher.cap - matcher.used);
  const percent =
    matcher.cap > 0 ? Math.min(100, Math.floor((matcher.used / matcher.cap) * 100)) : 100;
  return (
    <li className="rounded-xl bg-white p-4 ring-1 ring-stone-300">
      <h3 id={nameId} className="font-semibold text-navy-950">
        {matcher.name}
      </h3>
      <p className="text-stone-700">
        {left > 0
          ? `${ratioWords(matcher.ratio)}, up to ${dollars(matcher.cap)}`
          : `Matched ${dollars(matcher.cap)} in full`}
      </p>
      <MeterBar
        labelledBy={nameId}
        value={matcher.used}
        max={matcher.cap}
        valueText={
          ended
            ? `${dollars(matcher.used)} of ${dollars(matcher.cap)} matched`
            : `${dollars(matcher.used)} of ${dollars(matcher.cap)} used, ${dollars(left)} left`
        }
        className="mt-2 h-2"
      >
        <rect height="100%" width={`${percent}%`} className="fill-navy-900" />
      </MeterBar>
      <p className="mt-2 text-sm text-stone-700">
        {ended
          ? `Matched ${dollars(matcher.used)} of gifts`
          : `${dollars(matcher.used)} used · ${dollars(left)} left`}
      </p>
    </li>
  );
}
