import { useAuditLogQuery } from '~/client/features/admin/api/list-audit-log';
import type { AuditEntry } from '~/shared/schemas/admin';
import { cellClass, DataTable, DateTimeCell, QueryPanel } from '~/client/components/ui/panel-parts';

/** Owners only: who did what to whom, newest first. */
export default function AuditLogPanel() {
  const query = useAuditLogQuery();
  return (
    <QueryPanel
      title="Audit Log"
      description="Sign-ins and every change made in this panel, newest first."
      query={query}
      loadingLabel="Loading the audit log…"
      errorTitle="Could not load the audit log"
      empty={(data) => (data.entries.length === 0 ? 'Nothing has been recorded yet.' : null)}
    >
      {(data) => (
        <DataTable
          caption="Audit log entries"
          headers={['Time', 'Who', 'Action', 'Target', 'IP', 'Details']}
        >
          {data.entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </DataTable>
      )}
    </QueryPanel>
  );
}

function formatDetails(details: AuditEntry['details']): string {
  const entries = Object.entries(details ?? {});
  if (entries.length === 0) return '—';
  return entries
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr>
      <DateTimeCell iso={entry.at} />
      <td className={cellClass}>{entry.actor?.username ?? '—'}</td>
      <td className={`${cellClass} font-mono text-xs`}>{entry.action}</td>
      <td className={`${cellClass} wrap-anywhere`}>{entry.target ?? '—'}</td>
      <td className={`${cellClass} font-mono text-xs whitespace-nowrap`}>{entry.ip ?? '—'}</td>
      <td className={`${cellClass} max-w-xs text-xs wrap-anywhere text-stone-800`}>
        {formatDetails(entry.details)}
      </td>
    </tr>
  );
}
