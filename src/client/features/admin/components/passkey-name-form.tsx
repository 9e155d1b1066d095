import { ConfirmPasswordField } from './confirm-password-field';
import { TextField } from '~/client/components/ui/field';
import { useZodForm } from '~/client/lib/use-zod-form';
import { SubmitOrCancel } from './submit-or-cancel';

const schemas = () => import('~/shared/schemas/admin-second-factor');

/**
 * A name for a new passkey, then the browser's own prompt to create it. With `askPassword` (a
 * signed-in account, not a sign-in that just took it), the password too. The server's rules are
 * checked first; its answer (`error`, `passwordError`) shows under the fields.
 */
export function PasskeyNameForm({
  pending,
  error,
  passwordError,
  askPassword = false,
  submitLabel = 'Create a passkey',
  onSubmit,
  onCancel,
}: {
  pending: boolean;
  error?: string | undefined;
  passwordError?: string | undefined;
  askPassword?: boolean;
  submitLabel?: string;
  onSubmit: (name: string, password: string) => void;
  onCancel?: () => void;
}) {
  const form = useZodForm(
    () => schemas().then((m) => (askPassword ? m.passkeyNameWithPasswordForm : m.passkeyNameForm)),
    { name: '', password: '' },
    undefined,
    { name: error, password: passwordError },
  );
  const submit = (data: { name: string; password?: string }) => {
    if (!pending) onSubmit(data.name, data.password ?? '');
  };
  return (
    <form
      {...form.formProps}
      onSubmit={form.submitWith(submit)}
      aria-label="New passkey"
      className="flex flex-col gap-3"
    >
      <TextField
        label="Name of the passkey"
        hint="So you can tell your passkeys apart, for example “Office laptop” or “Phone”."
        autoComplete="off"
        maxLength={60}
        required
        {...form.field('name')}
      />
      {askPassword ? <ConfirmPasswordField {...form.field('password')} /> : null}
      <SubmitOrCancel
        pending={pending}
        pendingLabel="Waiting for your passkey..."
        submitLabel={submitLabel}
        onCancel={onCancel}
      />
    </form>
  );
}
