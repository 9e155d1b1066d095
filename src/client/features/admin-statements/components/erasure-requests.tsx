import { ApiError } from '../../../lib/api';
import { failureToast } from '../../../lib/failure-toast';
import { useToast } from '../../../components/ui/toast';
import {
  ActionButton,
  cellClass,
  DataTable,
  DateTimeCell,
  EmptyState,
  QueryStatus,
} from '../../../components/ui/panel-parts';
import { useDecideErasure, useErasureRequestsQuery } from '../api/statements';

const statusLabels = { requested: 'Waiting', erased: 'Erased', declined: 'Declined' } as const;

/** Donors' requests to be forgotten (ADR 031): the office erases or declines each. */
export function ErasureRequests() {
  const query = useErasureRequestsQuery();
  const decide = useDecideErasure();
  const toast = useToast();
  const act = (id: string, decision: 'erase' | 'decline') =>
    decide.mutate(
      { id, decision },
      {
        onSuccess: () =>
          toast({ title: decision === 'erase' ? 'Donor erased' : 'Request declined' }),
        onError: (error) =>
          toast(
            failureToast(
              error,
              error instanceof ApiError ? error.message : 'The request could not be decided.',
            ),
          ),
      },
    );
  const requests = query.data?.requests ?? [];
  return (
    <section aria-labelledby="erasure-heading" className="flex flex-col gap-3">
      <h3 id="erasure-heading" className="font-display text-xl font-semibold text-navy-950">
        Requests to be forgotten
      </h3>
      <QueryStatus query={query} loadingLabel="Loading requests…" errorTitle="Requests" />
      {query.data && requests.length === 0 ? <EmptyState>No request.</EmptyState> : null}
      {requests.length > 0 ? (
        <DataTable caption="Erasure requests" headers={['Email', 'Asked', 'Status', 'Actions']}>
          {requests.map((r) => (
            <tr key={r.id}>
              <td className={`${cellClass} break-all`}>{r.email}</td>
              <DateTimeCell iso={r.requestedAt} />
              <td className={cellClass}>{statusLabels[r.status]}</td>
              <td className={cellClass}>
                {r.status === 'requested' ? (
                  <div className="flex flex-wrap gap-2">
                    <ActionButton
                      tone="danger"
                      disabled={decide.isPending}
                      onClick={() => act(r.id, 'erase')}
                      aria-label={`Erase ${r.email}`}
                    >
                      Erase
                    </ActionButton>
                    <ActionButton
                      disabled={decide.isPending}
                      onClick={() => act(r.id, 'decline')}
                      aria-label={`Decline the request of ${r.email}`}
                    >
                      Decline
                    </ActionButton>
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}
