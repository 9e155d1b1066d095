import { useState } from 'react';
import type { ErasureRequestView } from '~/shared/schemas/admin-statements';
import { ApiError } from '~/client/lib/api';
import { failureToast } from '~/client/lib/failure-toast';
import { useToast } from '~/client/components/ui/toast';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import {
  ActionButton,
  cellClass,
  DataTable,
  DateTimeCell,
  EmptyState,
  QueryStatus,
} from '~/client/components/ui/panel-parts';
import {
  useDecideErasure,
  useErasureRequestsQuery,
} from '~/client/features/admin-statements/api/statements';

const statusLabels = { requested: 'Waiting', erased: 'Erased', declined: 'Declined' } as const;

/** Who a request is from, as the office knows them: the name when the site has one. */
const donorOf = (r: ErasureRequestView) => (r.name ? `${r.name} (${r.email})` : r.email);

/**
 * Donors' requests to be forgotten (ADR 031): the office erases or declines each. Erasing cannot
 * be undone, so it asks first, naming the donor and what goes and what stays.
 */
export function ErasureRequests() {
  const query = useErasureRequestsQuery();
  const decide = useDecideErasure();
  const toast = useToast();
  const [toErase, setToErase] = useState<ErasureRequestView | null>(null);
  const act = (id: string, decision: 'erase' | 'decline') =>
    decide.mutate(
      { id, decision },
      {
        onSuccess: () =>
          toast({ title: decision === 'erase' ? 'Donor erased' : 'Request declined' }),
        onSettled: () => setToErase(null),
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
        <DataTable caption="Erasure requests" headers={['Donor', 'Asked', 'Status', 'Actions']}>
          {requests.map((r) => (
            <tr key={r.id}>
              <td className={`${cellClass} wrap-anywhere`}>
                {r.name ? (
                  <>
                    {r.name}
                    <br />
                  </>
                ) : null}
                {r.email}
              </td>
              <DateTimeCell iso={r.requestedAt} />
              <td className={cellClass}>{statusLabels[r.status]}</td>
              <td className={cellClass}>
                {r.status === 'requested' ? (
                  <div className="flex flex-wrap gap-2">
                    <ActionButton
                      tone="danger"
                      disabled={decide.isPending}
                      onClick={() => setToErase(r)}
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
      <ConfirmDialog
        open={toErase !== null}
        title="Erase this donor?"
        message={
          toErase
            ? `${donorOf(toErase)} will be erased: their name, email address and phone, their messages and video comments, their names for prayer, their links to My giving and the newsletter subscription.`
            : ''
        }
        detail="Their gifts stay in the books without a name (amount, date and how they were paid), as the law requires. This cannot be undone."
        confirmLabel="Erase"
        pending={decide.isPending}
        onConfirm={() => {
          if (toErase) act(toErase.id, 'erase');
        }}
        onDismiss={() => {
          if (!decide.isPending) setToErase(null);
        }}
      />
    </section>
  );
}
