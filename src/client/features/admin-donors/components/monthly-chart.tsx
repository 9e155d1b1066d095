import { formatMoney } from '~/shared/money';
import type { PaymentStats } from '~/shared/schemas/admin-donors';
import { monthLabel, niceCeiling } from '~/client/features/admin-donors/lib/chart-scale';
import { cellClass } from '~/client/components/ui/panel-parts';
import { MonthlyBars } from './monthly-bars';

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 64 };

/**
 * Giving by month, last 12 months, as a small SVG bar chart: no chart library. The picture is
 * one image with a summary for screen readers; the exact figures are a real table below it.
 * The drawing scales with its width, text included, so in a container narrower than the
 * drawing (a phone) the months show as lines of text with bars instead.
 */
export function MonthlyChart({ months }: { months: PaymentStats['monthly'] }) {
  const top = niceCeiling(Math.max(0, ...months.map((m) => m.amount)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, months.length);
  const y = (amount: number) => PAD.top + plotH - (amount / top) * plotH;
  const best = months.reduce((a, b) => (b.amount > a.amount ? b : a), months[0]!);
  const first = months[0];
  const last = months[months.length - 1];
  const summary =
    first && last
      ? `Net giving by month from ${monthLabel(first.month)} to ${monthLabel(last.month)}; highest ${formatMoney(best.amount)} in ${monthLabel(best.month)}. The figures are in the table below.`
      : 'No months to show.';

  return (
    <figure className="@container rounded-lg bg-white p-4 shadow-sm">
      <figcaption className="font-semibold text-navy-950">
        Giving by month, last 12 months
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-3 hidden h-auto w-full @3xl:block"
        role="img"
        aria-label={summary}
      >
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(top * f)}
              y2={y(top * f)}
              className="stroke-stone-300"
            />
            <text
              x={PAD.left - 6}
              y={y(top * f) + 4}
              textAnchor="end"
              className="fill-stone-700 text-[11px]"
            >
              {formatMoney(top * f, 'usd', { whole: true })}
            </text>
          </g>
        ))}
        {months.map((m, i) => {
          const barH = (m.amount / top) * plotH;
          return (
            <g key={m.month}>
              <rect
                x={PAD.left + i * slot + slot * 0.15}
                y={PAD.top + plotH - barH}
                width={slot * 0.7}
                height={barH}
                rx={2}
                className="fill-navy-800"
              />
              <text
                x={PAD.left + i * slot + slot / 2}
                y={HEIGHT - 8}
                textAnchor="middle"
                className="fill-stone-700 text-[11px]"
              >
                {monthLabel(m.month, { short: true })}
              </text>
            </g>
          );
        })}
      </svg>
      <MonthlyBars months={months} top={top} summary={summary} className="@3xl:hidden" />
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-navy-900">
          Show the figures as a table
        </summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">Net giving by month, last 12 months</caption>
          <thead className="border-b border-stone-300">
            <tr>
              <th scope="col" className={cellClass}>
                Month
              </th>
              <th scope="col" className={`${cellClass} text-right`}>
                Amount
              </th>
              <th scope="col" className={`${cellClass} text-right`}>
                Gifts
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row" className={`${cellClass} font-normal`}>
                  {monthLabel(m.month)}
                </th>
                <td className={`${cellClass} text-right`}>{formatMoney(m.amount)}</td>
                <td className={`${cellClass} text-right`}>{m.count.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
