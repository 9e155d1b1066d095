import { formatMoney } from '~/shared/money';
import type { GivingGiftView } from '~/shared/schemas/my-giving';
import { fundGrantNote } from '~/shared/gift-method';
import { formatDay, methodLabels, statusLabels } from './giving-labels';

/** Its state in words; a voided gift (a cheque the bank returned) says it counts for nothing. */
const stateOf = (gift: GivingGiftView) =>
  gift.voided ? 'Void: not received, not counted' : statusLabels[gift.status];

/** Every gift, newest first: a list rather than a table, so a phone reads it without scrolling. */
export function GiftList({ gifts }: { gifts: GivingGiftView[] }) {
  if (gifts.length === 0) return <p>No gifts yet.</p>;
  return (
    <ul className="flex flex-col gap-3">
      {gifts.map((gift) => (
        <li key={gift.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-300">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <p className="font-semibold text-navy-950">
              <span className={gift.voided ? 'line-through' : undefined}>
                {formatMoney(gift.amountCents, gift.currency)}
              </span>
              {gift.type === 'subscription' ? ' · monthly' : ' · one-time'}
            </p>
            <p className="text-stone-800">{formatDay(gift.date)}</p>
          </div>
          <p className="text-stone-800">
            {gift.method === 'offline' ? gift.methodDetail : methodLabels[gift.method]} ·{' '}
            {stateOf(gift)}
            {gift.refundedCents > 0 && gift.status === 'succeeded'
              ? ` · ${formatMoney(gift.refundedCents, gift.currency)} refunded`
              : ''}
          </p>
          {gift.receiptNumber ? (
            <p className="text-stone-800">Receipt number {gift.receiptNumber}</p>
          ) : null}
          {gift.fundGrant && !gift.voided ? (
            <p className="text-stone-800">{fundGrantNote}.</p>
          ) : null}
          {gift.dedication ? <p className="text-stone-800">{gift.dedication}</p> : null}
          {gift.receiptUrl ? (
            <a className="text-navy-800 underline" href={gift.receiptUrl}>
              Receipt (PDF)<span className="sr-only"> for {formatDay(gift.date)}</span>
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
