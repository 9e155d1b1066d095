import { formatMoney } from '~/shared/money';
import type { CampaignAnalytics } from '~/shared/schemas/campaign-analytics';
import type { CampaignView } from '~/shared/schemas/campaigns';
import {
  ActionButton,
  cellClass,
  DataTable,
  QueryStatus,
} from '~/client/components/ui/panel-parts';
import { useCampaignAnalyticsQuery } from '~/client/features/admin-campaigns/api/campaigns';

const dollars = (n: number) => formatMoney(Math.round(n * 100), 'usd');
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const gifts = (n: number) => `${n} ${n === 1 ? 'gift' : 'gifts'}`;

/**
 * Money per hour as bars, drawn for the eye only: the table next to it says the same in words,
 * and the SVG's title sums it up for a screen reader that lands on it.
 */
function HourBars({ hours }: { hours: CampaignAnalytics['byHour'] }) {
  const most = Math.max(...hours.map((h) => h.amount), 0);
  const busiest = hours.find((h) => h.amount === most && most > 0);
  const width = 100 / Math.max(hours.length, 1);
  const summary = busiest
    ? `Money given per hour; the most, ${dollars(most)}, at ${busiest.label}.`
    : 'Money given per hour: nothing yet.';
  return (
    <svg
      role="img"
      aria-labelledby="analytics-bars-title"
      viewBox="0 0 100 40"
      preserveAspectRatio="none"
      className="h-32 w-full rounded-md bg-stone-50"
    >
      <title id="analytics-bars-title">{summary}</title>
      {hours.map((h, i) => {
        const height = most > 0 ? (h.amount / most) * 38 : 0;
        return (
          <rect
            key={h.start}
            x={i * width + width * 0.1}
            y={40 - height}
            width={width * 0.8}
            height={height}
            className="fill-navy-800"
          />
        );
      })}
    </svg>
  );
}

function Figures({ data }: { data: CampaignAnalytics }) {
  const figures: [string, string][] = [
    ['Gifts', String(data.gifts)],
    ['Given by donors', dollars(data.raised)],
    ['Matched', `${dollars(data.matched)} (${percent(data.matchedShare)} of the total)`],
    ['Average gift', data.average === null ? '—' : dollars(data.average)],
    ['Median gift', data.median === null ? '—' : dollars(data.median)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {figures.map(([term, value]) => (
        <div key={term} className="rounded-md bg-white p-3 shadow-sm">
          <dt className="text-sm text-stone-700">{term}</dt>
          <dd className="text-lg font-semibold text-navy-950">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function AnalyticsBody({ data }: { data: CampaignAnalytics }) {
  return (
    <div className="flex flex-col gap-6">
      <Figures data={data} />
      <section aria-labelledby="analytics-hours" className="flex flex-col gap-2">
        <h4 id="analytics-hours" className="font-semibold text-navy-950">
          Per hour ({data.timeZone.replace('_', ' ')} time)
        </h4>
        <HourBars hours={data.byHour} />
        <DataTable caption="Gifts per hour" headers={['Hour', 'Gifts', 'Amount']}>
          {data.byHour.map((h) => (
            <tr key={h.start}>
              <td className={cellClass}>{h.label}</td>
              <td className={cellClass}>{h.gifts}</td>
              <td className={cellClass}>{dollars(h.amount)}</td>
            </tr>
          ))}
        </DataTable>
        {data.outsideWindow.gifts > 0 ? (
          <p className="text-sm text-stone-800">
            Dated outside the campaign’s hours (entered later): {gifts(data.outsideWindow.gifts)},{' '}
            {dollars(data.outsideWindow.amount)}.
          </p>
        ) : null}
      </section>
      <DataTable caption="Where gifts came from" headers={['Link', 'Gifts', 'Amount']}>
        {data.byReferrer.map((r) => (
          <tr key={r.label}>
            <td className={cellClass}>
              {r.label === 'direct' ? 'Direct (no link tracking)' : r.label}
            </td>
            <td className={cellClass}>{r.gifts}</td>
            <td className={cellClass}>{dollars(r.amount)}</td>
          </tr>
        ))}
      </DataTable>
      <DataTable
        caption="New and returning donors"
        headers={['Donors', 'People', 'Gifts', 'Amount']}
      >
        {(['new', 'returning'] as const).map((kind) => (
          <tr key={kind}>
            <td className={cellClass}>
              {kind === 'new' ? 'New' : 'Returning (gave before the campaign began)'}
            </td>
            <td className={cellClass}>{data.donors[kind].donors}</td>
            <td className={cellClass}>{data.donors[kind].gifts}</td>
            <td className={cellClass}>{dollars(data.donors[kind].amount)}</td>
          </tr>
        ))}
      </DataTable>
      <DataTable caption="By payment method" headers={['Method', 'Gifts', 'Amount']}>
        {data.byMethod.map((m) => (
          <tr key={m.method}>
            <td className={cellClass}>{m.label}</td>
            <td className={cellClass}>{m.gifts}</td>
            <td className={cellClass}>{dollars(m.amount)}</td>
          </tr>
        ))}
      </DataTable>
      <DataTable caption="By team" headers={['Team', 'Donors', 'Gifts', 'Amount']}>
        {data.byTeam.map((t) => (
          <tr key={t.slug ?? ''}>
            <td className={cellClass}>{t.label}</td>
            <td className={cellClass}>{t.donors}</td>
            <td className={cellClass}>{t.gifts}</td>
            <td className={cellClass}>{dollars(t.amount)}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

/**
 * A campaign's figures for the office: per hour, where gifts came from, new and returning
 * donors, the average and the matched share, by method and by team. Only the gifts the thermometer counts.
 */
export function CampaignAnalyticsPanel({
  campaign,
  onClose,
}: {
  campaign: Pick<CampaignView, 'id' | 'title'>;
  onClose: () => void;
}) {
  const query = useCampaignAnalyticsQuery(campaign.id);
  return (
    <section
      aria-labelledby="analytics-heading"
      className="mt-6 flex flex-col gap-4 rounded-lg bg-stone-100 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="analytics-heading" className="font-display text-xl font-semibold text-navy-950">
          Analytics: {campaign.title}
        </h3>
        <ActionButton onClick={onClose}>Close analytics</ActionButton>
      </div>
      <p className="text-sm text-stone-800">
        Gifts received and not voided, each as the thermometer counts it (a monthly gift for its
        months). Pending and refunded gifts are not included.
      </p>
      {query.data ? (
        <AnalyticsBody data={query.data} />
      ) : (
        <QueryStatus
          query={query}
          loadingLabel="Loading the campaign’s figures…"
          errorTitle="The figures could not be loaded"
        />
      )}
    </section>
  );
}
