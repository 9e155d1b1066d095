import { subscriberStatuses, type SubscriberStatus } from '~/shared/domain';
import { inboxPageSize as INBOX_PAGE_SIZE } from '~/shared/schemas/admin-inbox';
import {
  newsletterCsvUrl,
  useNewsletterSubscribersQuery,
} from '~/client/features/admin-inbox/api/newsletter-subscribers';
import { StatusBadge } from '~/client/components/ui/status-parts';
import { ListPanel, useListState } from '~/client/components/ui/list-panel';
import { cellClass, CsvLink, DateTimeCell, StatusCounts } from '~/client/components/ui/panel-parts';

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
  const list = useListState<SubscriberStatus>();
  const query = useNewsletterSubscribersQuery(list.status || undefined, list.offset);
  const listing = query.data;
  return (
    <ListPanel
      title="Subscribers"
      description="Newsletter sign-ups, newest first. Only confirmed addresses should be mailed."
      noun="subscribers"
      statuses={subscriberStatuses}
      statusLabels={statusLabels}
      list={list}
      query={query}
      items={listing?.subscribers}
      total={listing?.total ?? 0}
      pageSize={INBOX_PAGE_SIZE}
      summary={
        listing ? (
          <StatusCounts
            label="Subscribers by status"
            statuses={subscriberStatuses}
            labels={statusLabels}
            counts={listing.counts}
            testIdPrefix="subscriber-count"
            className="grid-cols-1 sm:grid-cols-3"
          />
        ) : null
      }
      actions={<CsvLink href={newsletterCsvUrl(list.status || undefined)} />}
      headers={['Email', 'Status', 'Subscribed', 'Confirmed', 'Unsubscribed']}
      row={(s) => (
        <tr key={s.id}>
          <td className={`${cellClass} wrap-anywhere`}>{s.email}</td>
          <td className={cellClass}>
            <StatusBadge label={statusLabels[s.status]} tone={statusTones[s.status]} />
          </td>
          <DateTimeCell iso={s.createdAt} />
          <DateTimeCell iso={s.confirmedAt} />
          <DateTimeCell iso={s.unsubscribedAt} />
        </tr>
      )}
    />
  );
}
