import { formatMoney } from '~/shared/money';
import { formatLongDate } from '~/shared/schedule';
import { pledgeStatusLabels, type PledgeView } from '~/shared/schemas/pledges';
import { ActionButton } from '~/client/components/ui/panel-parts';
import { StatusBadge } from '~/client/components/ui/status-parts';
import { formatDateTime } from '~/client/lib/format-date-time';

export type PledgeAction = 'remind' | 'pay' | 'edit' | 'cancel';

const tones = {
  overdue: 'bg-orange-100 text-orange-900',
  open: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-stone-200 text-stone-800',
} as const;

const money = (dollars: number) => formatMoney(Math.round(dollars * 100), 'usd');

function reminders(p: PledgeView) {
  if (p.remindersSent === 0) return p.email ? 'Not reminded yet' : 'No email: no reminder by mail';
  const times = p.remindersSent === 1 ? 'once' : `${p.remindersSent} times`;
  return `Reminded ${times}, last ${formatDateTime(p.lastRemindedAt)}`;
}

/** One pledge as a card: who, how much, by when, where it stands, and what the office may do. */
export function PledgeItem({
  pledge: p,
  busy,
  onAction,
}: {
  pledge: PledgeView;
  busy: boolean;
  onAction: (action: PledgeAction, pledge: PledgeView) => void;
}) {
  const state = p.overdue ? 'overdue' : p.status;
  return (
    <li
      className="flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm"
      aria-label={`${p.name}, ${money(p.amount)}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold break-words text-navy-950">{p.name}</p>
        <p className="text-lg font-semibold text-navy-950">{money(p.amount)}</p>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-stone-800">
        <StatusBadge
          label={p.overdue ? 'Overdue' : pledgeStatusLabels[p.status]}
          tone={tones[state]}
        />
        <span>Expected by {formatLongDate(p.expectedOn)}</span>
      </p>
      {p.campaign ? <p className="break-words text-stone-800">For: {p.campaign}</p> : null}
      <p className="text-sm break-all text-stone-700">{p.email ?? 'No email'}</p>
      {p.status === 'open' ? <p className="text-sm text-stone-700">{reminders(p)}</p> : null}
      {p.paidGift ? (
        <p className="text-sm text-stone-700">
          Paid: gift receipt {p.paidGift.receiptNumber}
          {p.partOf ? ' (part of a larger pledge)' : ''}
        </p>
      ) : null}
      {p.cancelReason ? (
        <p className="text-sm break-words text-stone-700">Cancelled: {p.cancelReason}</p>
      ) : null}
      {p.note ? <p className="text-sm break-words text-stone-600">Note: {p.note}</p> : null}
      {p.status === 'open' ? (
        <div className="mt-1 flex flex-wrap gap-2">
          <ActionButton
            onClick={() => onAction('remind', p)}
            disabled={busy}
            aria-label={`Remind ${p.name}`}
          >
            Remind
          </ActionButton>
          <ActionButton onClick={() => onAction('pay', p)} aria-label={`Mark paid: ${p.name}`}>
            Mark paid
          </ActionButton>
          <ActionButton onClick={() => onAction('edit', p)} aria-label={`Edit ${p.name}'s pledge`}>
            Edit
          </ActionButton>
          <ActionButton
            tone="danger"
            onClick={() => onAction('cancel', p)}
            aria-label={`Cancel ${p.name}'s pledge`}
          >
            Cancel
          </ActionButton>
        </div>
      ) : null}
    </li>
  );
}
