import { useToast } from '~/client/components/ui/toast';
import {
  useContactMessagesQuery,
  useUpdateContactMessage,
} from '~/client/features/admin-inbox/api/contact-messages';
import { messageStatuses, type MessageStatus } from '~/shared/domain';
import {
  inboxPageSize as INBOX_PAGE_SIZE,
  type ContactMessage,
} from '~/shared/schemas/admin-inbox';
import { StatusBadge } from '~/client/components/ui/status-parts';
import { ListPanel, useListState } from '~/client/components/ui/list-panel';
import { ActionButton, cellClass, DateTimeCell } from '~/client/components/ui/panel-parts';

const statusLabels: Record<MessageStatus, string> = {
  new: 'New',
  read: 'Read',
  archived: 'Archived',
};

const statusTones: Record<MessageStatus, string> = {
  new: 'bg-amber-100 text-amber-900',
  read: 'bg-sky-100 text-sky-900',
  archived: 'bg-stone-200 text-stone-800',
};

/** The contact form's messages, newest first: read them, mark them read, archive them. */
export default function MessagesPanel() {
  const list = useListState<MessageStatus>();
  const query = useContactMessagesQuery(list.status || undefined, list.offset);
  return (
    <ListPanel
      title="Messages"
      description="What visitors sent through the contact form, newest first."
      noun="messages"
      statuses={messageStatuses}
      statusLabels={statusLabels}
      list={list}
      query={query}
      items={query.data?.messages}
      total={query.data?.total ?? 0}
      pageSize={INBOX_PAGE_SIZE}
      headers={['Received', 'From', 'Message', 'Status', 'Actions']}
      row={(message) => <MessageRow key={message.id} message={message} />}
    />
  );
}

function MessageRow({ message }: { message: ContactMessage }) {
  const update = useUpdateContactMessage();
  const toast = useToast();
  const setStatus = (status: MessageStatus, done: string) =>
    update.mutate(
      { id: message.id, status },
      {
        onSuccess: () =>
          toast({ title: done, description: `The message from ${message.name} was updated.` }),
        onError: (error) =>
          toast({ title: 'Update Failed', description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <tr>
      <DateTimeCell iso={message.createdAt} />
      <td className={cellClass}>
        <div className="font-semibold text-navy-950">{message.name}</div>
        <a className="text-navy-800 underline wrap-anywhere" href={`mailto:${message.email}`}>
          {message.email}
        </a>
      </td>
      <td className={`${cellClass} max-w-md wrap-anywhere whitespace-pre-line text-stone-800`}>
        {message.message}
      </td>
      <td className={cellClass}>
        <StatusBadge label={statusLabels[message.status]} tone={statusTones[message.status]} />
      </td>
      <td className={cellClass}>
        <div className="flex flex-wrap gap-2">
          {message.status === 'new' ? (
            <ActionButton
              onClick={() => setStatus('read', 'Marked Read')}
              disabled={update.isPending}
              aria-label={`Mark read: message from ${message.name}`}
            >
              Mark read
            </ActionButton>
          ) : null}
          {message.status !== 'archived' ? (
            <ActionButton
              onClick={() => setStatus('archived', 'Message Archived')}
              disabled={update.isPending}
              aria-label={`Archive: message from ${message.name}`}
            >
              Archive
            </ActionButton>
          ) : (
            <ActionButton
              onClick={() => setStatus('read', 'Message Restored')}
              disabled={update.isPending}
              aria-label={`Restore: message from ${message.name}`}
            >
              Restore
            </ActionButton>
          )}
        </div>
      </td>
    </tr>
  );
}
