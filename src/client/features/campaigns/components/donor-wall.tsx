import { useId } from 'react';
import type { WallEntry } from '~/client/features/campaigns/lib/campaign-view';
import {
  dollars,
  releaseWords,
  wallDedicationWords,
} from '~/client/features/campaigns/lib/campaign-format';

/**
 * The latest gifts as each donor chose to be shown ("Anonymous" among them, so the wall adds up):
 * the amount unless hidden, "$36 × 12" for a monthly gift, the dedication, and why a match was
 * taken back.
 */
export function DonorWall({ wall }: { wall: WallEntry[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="font-display text-2xl font-semibold text-navy-950">
        Donor wall
      </h2>
      {wall.length === 0 ? (
        <p className="mt-3 text-stone-700">No gifts yet. Yours can be the first.</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {wall.map((entry) => (
            <WallCard key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}

function amountText({ amount, monthly }: WallEntry): string | null {
  if (monthly) {
    return monthly.amount === null
      ? `monthly for ${monthly.months} months`
      : `${dollars(monthly.amount)} × ${monthly.months}`;
  }
  return amount === null ? null : dollars(amount);
}

function WallCard({ entry }: { entry: WallEntry }) {
  const amount = amountText(entry);
  return (
    <li className="rounded-xl bg-white p-4 ring-1 ring-stone-300">
      <p className="flex flex-wrap justify-between gap-x-3">
        <span className="font-semibold text-navy-950">{entry.name}</span>
        {amount ? (
          <span
            className={
              entry.released && entry.released !== 'cancelled' && entry.refunded === null
                ? 'text-stone-700 line-through'
                : 'text-navy-900'
            }
          >
            {amount}
          </span>
        ) : null}
      </p>
      {entry.dedication ? (
        <p className="mt-1 text-stone-700">
          {wallDedicationWords(entry.dedication.kind)} {entry.dedication.name}
        </p>
      ) : null}
      {entry.released ? (
        <p className="mt-1 text-sm font-semibold text-red-800">
          {entry.refunded !== null
            ? `${dollars(entry.refunded)} refunded: its match was released`
            : releaseWords[entry.released]}
        </p>
      ) : null}
    </li>
  );
}
