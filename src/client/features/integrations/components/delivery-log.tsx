import type { WebhookDeliveryStatus as DeliveryStatus } from '~/shared/domain';
import type { WebhookDelivery } from '~/shared/schemas/integrations';
import { useToast } from '~/client/components/ui/toast';
import {
  useDeliveriesQuery,
  useResendDelivery,
  useResendFailed,
} from '~/client/features/integrations/api/zapier';
import {
  ActionButton,
  cellClass,
  DataTable,
  DateTimeCell,
  QueryContent,
} from '~/client/components/ui/panel-parts';
import { StatusBadge } from '~/client/components/ui/status-parts';

const statusLabels: Record<DeliveryStatus, string> = {
  pending: 'Retrying',
  succeeded: 'Delivered',
  failed: 'Failed',
};

const statusTones: Record<DeliveryStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  succeeded: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
};

/** The newest deliveries: event, attempts, last answer, next try; a failed one can be resent. */
export function DeliveryLog({ endpointEnabled }: { endpointEnabled: boolean }) {
  const query = useDeliveriesQuery();
  const toast = useToast();
  const resendFailed = useResendFailed();
  const deliveries = query.data?.deliveries;
  const anyFailed = deliveries?.some((d) => d.status === 'failed') ?? false;
  const onResendFailed = () =>
    resendFailed.mutate(undefined, {
      onSuccess: (result) => toast({ title: 'Deliveries Resent', description: result.message }),
      onError: (error) =>
        toast({ title: 'Resend Failed', description: error.message, variant: 'destructive' }),
    });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h3 className="font-display text-xl font-semibold text-navy-950">Delivery log</h3>
        <div className="flex flex-wrap gap-2">
          {anyFailed && endpointEnabled ? (
            <ActionButton onClick={onResendFailed} disabled={resendFailed.isPending}>
              Resend All Failed
            </ActionButton>
          ) : null}
          <ActionButton onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching ? 'Refreshing...' : 'Refresh'}
          </ActionButton>
        </div>
      </div>
      <QueryContent
        query={query}
        loadingLabel="Loading deliveries…"
        errorTitle="Could not load the deliveries"
        empty={(data) => (data.deliveries.length === 0 ? 'No deliveries yet.' : null)}
      >
        {(data) => (
          <DataTable
            caption="Webhook deliveries"
            headers={[
              'Event',
              'Status',
              'Attempts',
              'Last answer',
              'Next retry',
              'Created',
              'Actions',
            ]}
          >
            {data.deliveries.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                endpointEnabled={endpointEnabled}
              />
            ))}
          </DataTable>
        )}
      </QueryContent>
    </div>
  );
}

function DeliveryRow({
  delivery,
  endpointEnabled,
}: {
  delivery: WebhookDelivery;
  endpointEnabled: boolean;
}) {
  const resend = useResendDelivery();
  const toast = useToast();
  const onResend = () =>
    resend.mutate(delivery.id, {
      onSuccess: (result) => toast({ title: 'Delivery Resent', description: result.message }),
      onError: (error) =>
        toast({ title: 'Resend Failed', description: error.message, variant: 'destructive' }),
    });
  const answer = delivery.lastStatus ? `HTTP ${delivery.lastStatus}` : (delivery.lastError ?? '—');
  return (
    <tr>
      <td className={`${cellClass} font-mono text-xs whitespace-nowrap`}>{delivery.eventType}</td>
      <td className={cellClass}>
        <StatusBadge label={statusLabels[delivery.status]} tone={statusTones[delivery.status]} />
      </td>
      <td className={`${cellClass} tabular-nums`}>{delivery.attempts}</td>
      <td className={`${cellClass} max-w-xs wrap-anywhere`} title={delivery.lastError ?? undefined}>
        {answer}
      </td>
      <DateTimeCell iso={delivery.nextAttemptAt} />
      <DateTimeCell iso={delivery.createdAt} />
      <td className={cellClass}>
        {delivery.status === 'failed' && endpointEnabled ? (
          <ActionButton
            onClick={onResend}
            disabled={resend.isPending}
            aria-label={`Resend the ${delivery.eventType} delivery #${delivery.id}`}
          >
            {resend.isPending ? 'Resending...' : 'Resend'}
          </ActionButton>
        ) : null}
      </td>
    </tr>
  );
}
