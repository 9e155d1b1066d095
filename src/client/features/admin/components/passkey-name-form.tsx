import { useState, type FormEvent } from 'react';
import { ConfirmPasswordField } from './confirm-password-field';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/field';

/**
 * A name for a new passkey, then the browser's own prompt to create it. With `askPassword` (a
 * signed-in account, not a sign-in that just took it), the password too.
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
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit(name, password);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="New passkey" className="flex flex-col gap-3">
      <TextField
        label="Name of the passkey"
        hint="So you can tell your passkeys apart, for example “Office laptop” or “Phone”."
        name="name"
        autoComplete="off"
        maxLength={60}
        required
        value={name}
        error={error}
        onValue={(_field, value) => setName(value)}
      />
      {askPassword ? (
        <ConfirmPasswordField value={password} error={passwordError} onValue={setPassword} />
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? 'Waiting for your passkey...' : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
