import { formatMoney } from '~/shared/money';
import { offlineMethodLabels } from '~/shared/schemas/offline-gifts';
import {
  giftImportOutcomeLabels,
  giftImportOutcomes,
  type GiftImportPreview,
} from '~/shared/schemas/gift-import';
import { cellClass, DataTable, StatusCounts } from '~/client/components/ui/panel-parts';

const outcomeClass = {
  'new-donor': 'bg-emerald-50 text-emerald-900',
  'known-donor': 'bg-sky-50 text-sky-900',
  duplicate: 'bg-stone-100 text-stone-800',
  error: 'bg-red-50 text-red-900',
} as const;

/** The count of each outcome, then every row with what importing it will do and why. */
export function PreviewTable({ preview }: { preview: GiftImportPreview }) {
  return (
    <div className="flex flex-col gap-4">
      <StatusCounts
        label="What the import will do"
        statuses={giftImportOutcomes}
        labels={giftImportOutcomeLabels}
        counts={preview.counts}
        testIdPrefix="gift-import-count"
        className="grid-cols-2 md:grid-cols-4"
      />
      <DataTable
        caption="The file's gifts, row by row"
        headers={['Line', 'Outcome', 'Name', 'Amount', 'Received', 'How', 'Why']}
      >
        {preview.rows.map((row) => (
          <tr key={row.line}>
            <td className={cellClass}>{row.line}</td>
            <td className={cellClass}>
              <span className={`rounded px-2 py-0.5 font-semibold ${outcomeClass[row.outcome]}`}>
                {giftImportOutcomeLabels[row.outcome]}
              </span>
            </td>
            <td className={cellClass}>
              {row.name || '—'}
              {row.email ? <span className="block text-stone-700">{row.email}</span> : null}
            </td>
            <td className={cellClass}>
              {row.amount === null ? '—' : formatMoney(Math.round(row.amount * 100), 'usd')}
            </td>
            <td className={cellClass}>{row.receivedOn ?? '—'}</td>
            <td className={cellClass}>
              {row.method ? offlineMethodLabels[row.method] : '—'}
              {row.reference ? ` ${row.reference}` : ''}
            </td>
            <td className={cellClass}>{row.message ?? ''}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
