import { useState } from 'react';
import type { AccountSecurity, PasskeyView } from '~/shared/schemas/admin-second-factor';
import { Button } from '~/client/components/ui/button';
import { ActionButton } from '~/client/components/ui/panel-parts';
import { useToast } from '~/client/components/ui/toast';
import { formatDateTime } from '~/client/lib/format-date-time';
import { useAddPasskey, useRemovePasskey } from '~/client/features/admin/api/account-security';
import { fieldMessages, plainMessage } from '~/client/features/admin/lib/plain-message';
import { PasskeyNameForm } from './passkey-name-form';
import { ReauthForm } from './reauth-form';
import { RefusalMessage, SecuritySection, useRefusal } from './security-section';

/** Passkeys: one or more, each named; added with the browser's prompt, removed with a re-check. */
export function PasskeysSection({
  security,
  onNewCodes,
}: {
  security: AccountSecurity;
  onNewCodes: (codes: string[]) => void;
}) {
  const toast = useToast();
  const add = useAddPasskey();
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<{ field?: string; password?: string; form?: string }>(
    {},
  );
  const { passkeys } = security;

  const onAdd = (name: string, password: string) => {
    setAddError({});
    add.mutate(
      { name, password },
      {
        onSuccess: ({ passkey, recoveryCodes }) => {
          setAdding(false);
          toast({
            title: 'Passkey Added',
            description: `“${passkey.name}” can now confirm it’s you.`,
          });
          if (recoveryCodes) onNewCodes(recoveryCodes);
        },
        onError: (error) => {
          const fields = fieldMessages(error);
          setAddError(
            fields.name || fields.password
              ? { field: fields.name, password: fields.password }
              : { form: plainMessage(error) },
          );
        },
      },
    );
  };

  return (
    <SecuritySection
      title="Passkeys"
      status={
        passkeys.length === 0
          ? 'None'
          : `${passkeys.length} ${passkeys.length === 1 ? 'passkey' : 'passkeys'}`
      }
      description="Your device’s fingerprint, face or PIN, or a security key, confirms it’s you after your password."
    >
      {passkeys.length > 0 ? (
        <ul aria-label="Your passkeys" className="divide-y divide-stone-200">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} allowCode={security.totp.enabled} />
          ))}
        </ul>
      ) : null}
      {adding ? (
        <PasskeyNameForm
          pending={add.isPending}
          error={addError.field}
          passwordError={addError.password}
          askPassword
          submitLabel="Create the passkey"
          onSubmit={onAdd}
          onCancel={() => {
            setAdding(false);
            setAddError({});
          }}
        />
      ) : (
        <Button variant="secondary" className="self-start" onClick={() => setAdding(true)}>
          Add a passkey
        </Button>
      )}
      <RefusalMessage message={addError.form} />
    </SecuritySection>
  );
}

function PasskeyRow({ passkey, allowCode }: { passkey: PasskeyView; allowCode: boolean }) {
  const toast = useToast();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState(false);
  const refusal = useRefusal();
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-semibold text-navy-950">{passkey.name}</p>
          <p className="text-sm text-stone-700">
            Added {formatDateTime(passkey.createdAt)} · Last used{' '}
            {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : 'never'}
          </p>
        </div>
        {removing ? null : (
          <ActionButton
            tone="danger"
            aria-label={`Remove the passkey ${passkey.name}`}
            onClick={() => setRemoving(true)}
          >
            Remove
          </ActionButton>
        )}
      </div>
      {removing ? (
        <ReauthForm
          label={`Remove the passkey ${passkey.name}`}
          confirmLabel="Remove the passkey"
          allowCode={allowCode}
          pending={remove.isPending}
          errors={refusal.errors}
          onCancel={() => {
            setRemoving(false);
            refusal.clear();
          }}
          onConfirm={(input) =>
            remove.mutate(
              { id: passkey.id, ...input },
              {
                onSuccess: () =>
                  toast({
                    title: 'Passkey Removed',
                    description: `“${passkey.name}” no longer signs you in.`,
                  }),
                onError: refusal.show,
              },
            )
          }
        />
      ) : null}
      <RefusalMessage message={refusal.message} />
    </li>
  );
}
