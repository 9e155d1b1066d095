import { useState } from 'react';
import {
  subscriberStatuses,
  type NewsletterSubscriber,
  type SubscriberStatus,
} from '../api/inbox-types';
import { newsletterCsvUrl, useNewsletterSubscribersQuery } from '../api/newsletter-subscribers';
import { ListTotal, StatusBadge, StatusFilter } from './inbox-parts';
import {
  cellClass,
  DataTable,
  DateTimeCell,
  EmptyState,
  PanelHeader,
  QueryStatus,
  StatusCounts,
} from './panel-parts';

const statusLabels: Record<SubscriberStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

const statusTones: Record<SubscriberStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-emerald-100 text-emerald-900',
  unsubscribed: 'bg-stone-200 text-stone-800',
};

/** The newsletter's list: who confirmed, who is waiting, who left; and the CSV for mailing. */
export default function SubscribersPanel() {
  const [status, setStatus] = useState<SubscriberStatus | ''>('');
  const query = useNewsletterSubscribersQuery(status || undefined);
  const listing = query.data;

  return (
    <section className="flex flex-col gap-6">
      <PanelHeader
        title="Subscribers"
        description="Newsletter sign-ups, newest first. Only confirmed addresses should be mailed."
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
      />

      {listing ? (
        <StatusCounts
          label="Subscribers by status"
          statuses={subscriberStatuses}
          labels={statusLabels}
          counts={listing.counts}
          testIdPrefix="subscriber-count"
          className="grid-cols-1 sm:grid-cols-3"
        />
      ) : null}

      <div className="flex flex-wrap items-end justify-between gap-4">
        <StatusFilter
          statuses={subscriberStatuses}
          labels={statusLabels}
          value={status}
          onChange={setStatus}
        />
        <a
          href={newsletterCsvUrl(status || undefined)}
          download
          className="inline-flex min-h-9 items-center justify-center rounded-md border border-navy-800 bg-white px-3 text-sm font-semibold text-navy-900 hover:bg-navy-900 hover:text-white"
        >
          Download CSV
        </a>
      </div>

      <QueryStatus
        query={query}
        loadingLabel="Loading subscribers…"
        errorTitle="Could not load the subscribers"
      />
      {listing ? (
        <SubscribersTable subscribers={listing.subscribers} total={listing.total} status={status} />
      ) : null}
    </section>
  );
}

function SubscribersTable({
  subscribers,
  total,
  status,
}: {
  subscribers: NewsletterSubscriber[];
  total: number;
  status: SubscriberStatus | '';
}) {
  if (subscribers.length === 0) {
    return (
      <EmptyState>
        {status ? `No ${statusLabels[status].toLowerCase()} subscribers.` : 'No subscribers yet.'}
      </EmptyState>
    );
  }
  return (
    <>
      <DataTable
        caption={status ? `${statusLabels[status]} subscribers` : 'All subscribers'}
        headers={['Email', 'Status', 'Subscribed', 'Confirmed', 'Unsubscribed']}
      >
        {subscribers.map((s) => (
          <tr key={s.id}>
            <td className={`${cellClass} break-all`}>{s.email}</td>
            <td className={cellClass}>
              <StatusBadge label={statusLabels[s.status]} tone={statusTones[s.status]} />
            </td>
            <DateTimeCell iso={s.createdAt} />
            <DateTimeCell iso={s.confirmedAt} />
            <DateTimeCell iso={s.unsubscribedAt} />
          </tr>
        ))}
      </DataTable>
      <ListTotal shown={subscribers.length} total={total} noun="subscribers" />
    </>
  );
}
