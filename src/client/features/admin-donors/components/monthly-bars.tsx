import { formatMoney } from '~/shared/money';
import type { PaymentStats } from '~/shared/schemas/admin-donors';
import { monthLabel } from '~/client/features/admin-donors/lib/chart-scale';

/**
 * The months as horizontal bars, one line each, for a narrow container (a phone): the labels
 * and amounts are text at the page's size, where the column chart's drawing would shrink its
 * labels with the picture. One image for screen readers, like the column chart.
 */
export function MonthlyBars({
  months,
  top,
  summary,
  className = '',
}: {
  months: PaymentStats['monthly'];
  /** The amount a full-width bar stands for. */
  top: number;
  summary: string;
  className?: string;
}) {
  return (
    <div role="img" aria-label={summary} className={`mt-3 flex flex-col gap-1.5 ${className}`}>
      {months.map((m) => (
        <div
          key={m.month}
          data-testid="month-bar"
          className="grid grid-cols-[4.5rem_minmax(0,1fr)_auto] items-center gap-3 text-sm text-stone-800"
        >
          <span>{monthLabel(m.month)}</span>
          <svg className="h-3 w-full" aria-hidden="true">
            <rect
              width={`${top > 0 ? (Math.max(0, m.amount) / top) * 100 : 0}%`}
              height="100%"
              rx={2}
              className="fill-navy-800"
            />
          </svg>
          <span className="text-right tabular-nums">
            {formatMoney(m.amount, 'usd', { whole: true })}
          </span>
        </div>
      ))}
    </div>
  );
}
