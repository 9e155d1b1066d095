import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ReauthInput } from '~/shared/schemas/admin-second-factor';
import { ConfirmPasswordField } from './confirm-password-field';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/field';

/**
 * A second look before weakening the account: the password, or (with the app switched on) a
 * current code from the authenticator app. Shown in place, under the action it confirms.
 */
export function ReauthForm({
  label,
  confirmLabel,
  allowCode,
  pending,
  errors,
  onConfirm,
  onCancel,
}: {
  /** The form's accessible name: what is being confirmed. */
  label: string;
  confirmLabel: string;
  allowCode: boolean;
  pending: boolean;
  errors: Record<string, string>;
  onConfirm: (input: ReauthInput) => void;
  onCancel: () => void;
}) {
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, [withCode]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onConfirm(withCode ? { code: value } : { password: value });
  };
  const error = withCode ? errors.code : errors.password;
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      className="flex flex-col gap-3 rounded-md border border-stone-300 bg-stone-50 p-4"
    >
      {withCode ? (
        <TextField
          key="code"
          label="Code from your authenticator app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={value}
          error={error}
          onValue={(_name, next) => setValue(next)}
        />
      ) : (
        <ConfirmPasswordField key="password" value={value} error={error} onValue={setValue} />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? 'Checking...' : confirmLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        {allowCode ? (
          <button
            type="button"
            className="py-1 text-sm text-navy-800 underline hover:text-navy-950"
            onClick={() => {
              setWithCode(!withCode);
              setValue('');
            }}
          >
            {withCode ? 'Use your password instead' : 'Use a code from your app instead'}
          </button>
        ) : null}
      </div>
    </form>
  );
}
