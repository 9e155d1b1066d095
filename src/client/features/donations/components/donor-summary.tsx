import { formatMoney } from '~/shared/money';
import type { DonationType } from '~/shared/domain';

/** The gift being made: amount, how often, and the covered fee when there is one. */
export function DonationSummary({
  giftCents,
  feeCents,
  type,
}: {
  giftCents: number;
  feeCents: number;
  type: DonationType;
}) {
  const per = type === 'subscription' ? ' / month' : '';
  return (
    <section aria-label="Payment summary" className="rounded-xl bg-cream-100 p-4 text-stone-800">
      <dl className="grid grid-cols-[1fr_auto] gap-y-1">
        <dt>{type === 'subscription' ? 'Monthly donation' : 'One-time donation'}</dt>
        <dd className="text-right font-semibold">
          {formatMoney(giftCents, 'usd', { whole: true })}
          {per}
        </dd>
        {feeCents > 0 ? (
          <>
            <dt>Processing fee you cover</dt>
            <dd className="text-right">{formatMoney(feeCents)}</dd>
            <dt className="font-semibold">Total</dt>
            <dd className="text-right font-semibold">
              {formatMoney(giftCents + feeCents)}
              {per}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
