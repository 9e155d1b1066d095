import { useState } from 'react';
import { useToast } from '~/client/components/ui/toast';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';
import { useEndAdminSessions } from '~/client/features/admin/api/end-admin-sessions';
import { useAdminUsersQuery } from '~/client/features/admin/api/list-admin-users';
import { useRemoveAdminUser } from '~/client/features/admin/api/remove-admin-user';
import type { AdminAccount } from '~/shared/schemas/admin';
import { AddAdminForm } from './add-admin-form';
import { SecurityPolicyForm } from './security-policy-form';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import {
  ActionButton,
  cellClass,
  DataTable,
  DateTimeCell,
  QueryPanel,
} from '~/client/components/ui/panel-parts';

export const REMOVE_ADMIN_QUESTION = 'Are you sure you want to remove this administrator?';

/**
 * Owners only: who can sign in (and whether they have a second factor), adding and removing
 * them, signing them out everywhere, and requiring a second factor of everyone.
 */
export default function AdminUsersPanel() {
  const query = useAdminUsersQuery();
  const remove = useRemoveAdminUser();
  const toast = useToast();
  const [removing, setRemoving] = useState<AdminAccount | null>(null);

  const onConfirmRemove = () => {
    if (!removing) return;
    const { id, username } = removing;
    remove.mutate(id, {
      onSuccess: () =>
        toast({
          title: 'Administrator Removed',
          description: `${username} can no longer sign in.`,
        }),
      onError: (error) =>
        toast({ title: 'Could Not Remove', description: error.message, variant: 'destructive' }),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <QueryPanel
      title="Administrators"
      description="Everyone who can sign in to this panel. Owners can also manage administrators and read the audit log."
      query={query}
      loadingLabel="Loading administrators…"
      errorTitle="Could not load the administrators"
      empty={(data) => (data.users.length === 0 ? 'No administrators.' : null)}
      footer={
        <>
          <AddAdminForm />
          <SecurityPolicyForm />
          <ConfirmDialog
            open={removing !== null}
            title="Remove administrator"
            message={REMOVE_ADMIN_QUESTION}
            detail={
              removing
                ? `${removing.username} will be signed out and will no longer be able to sign in.`
                : undefined
            }
            confirmLabel="Remove"
            pending={remove.isPending}
            onConfirm={onConfirmRemove}
            onDismiss={() => {
              if (!remove.isPending) setRemoving(null);
            }}
          />
        </>
      }
    >
      {(data) => (
        <DataTable
          caption="Administrator accounts"
          headers={[
            'Username',
            'Role',
            'Added',
            'Last sign-in',
            'Active sessions',
            'Second factor',
            'Actions',
          ]}
        >
          {data.users.map((account) => (
            <AccountRow key={account.id} account={account} onRemove={setRemoving} />
          ))}
        </DataTable>
      )}
    </QueryPanel>
  );
}

function AccountRow({
  account,
  onRemove,
}: {
  account: AdminAccount;
  onRemove: (account: AdminAccount) => void;
}) {
  const { user } = useAdminSession();
  const endSessions = useEndAdminSessions();
  const toast = useToast();
  const isSelf = account.id === user.id;

  const onEndSessions = () =>
    endSessions.mutate(account.id, {
      onSuccess: ({ ended }) =>
        toast({
          title: 'Sessions Ended',
          description: `${account.username} was signed out of ${ended} ${ended === 1 ? 'session' : 'sessions'}.`,
        }),
      onError: (error) =>
        toast({
          title: 'Could Not End Sessions',
          description: error.message,
          variant: 'destructive',
        }),
    });

  return (
    <tr>
      <th scope="row" className={`${cellClass} font-semibold`}>
        {account.username}
        {isSelf ? <span className="font-normal text-stone-700"> (you)</span> : null}
      </th>
      <td className={`${cellClass} capitalize`}>{account.role}</td>
      <DateTimeCell iso={account.createdAt} />
      <DateTimeCell iso={account.lastSignInAt} />
      <td className={`${cellClass} tabular-nums`}>{account.activeSessions}</td>
      <td className={cellClass}>{account.secondFactor ? 'Set up' : 'None'}</td>
      <td className={cellClass}>
        {isSelf ? null : (
          <div className="flex flex-wrap gap-2">
            <ActionButton
              onClick={onEndSessions}
              disabled={endSessions.isPending || account.activeSessions === 0}
              aria-label={`End sessions for ${account.username}`}
            >
              End sessions
            </ActionButton>
            <ActionButton
              tone="danger"
              onClick={() => onRemove(account)}
              aria-label={`Remove ${account.username}`}
            >
              Remove
            </ActionButton>
          </div>
        )}
      </td>
    </tr>
  );
}
