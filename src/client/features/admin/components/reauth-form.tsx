import { useEffect, useState } from 'react';
import type { ReauthInput } from '~/shared/schemas/admin-second-factor';
import { ConfirmPasswordField } from './confirm-password-field';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/field';
import { useZodForm } from '~/client/lib/use-zod-form';

const schemas = () => import('~/shared/schemas/admin-second-factor');

interface ReauthProps {
  /** The form's accessible name: what is being confirmed. */
  label: string;
  confirmLabel: string;
  allowCode: boolean;
  pending: boolean;
  errors: Record<string, string>;
  onConfirm: (input: ReauthInput) => void;
  onCancel: () => void;
}

/**
 * A second look before weakening the account: the password, or (with the app switched on) a
 * current code from the authenticator app. Shown in place, under the action it confirms.
 */
export function ReauthForm(props: ReauthProps) {
  const [withCode, setWithCode] = useState(false);
  // Each way is its own form, with its own field and rules: switching starts it afresh.
  return (
    <ReauthWay
      key={withCode ? 'code' : 'password'}
      {...props}
      withCode={withCode}
      onSwitch={() => setWithCode(!withCode)}
    />
  );
}

function ReauthWay({
  label,
  confirmLabel,
  allowCode,
  pending,
  errors,
  onConfirm,
  onCancel,
  withCode,
  onSwitch,
}: ReauthProps & { withCode: boolean; onSwitch: () => void }) {
  const form = useZodForm(
    () => schemas().then((m) => (withCode ? m.totpCodeForm : m.reauthInput)),
    { code: '', password: '' },
    undefined,
    withCode ? { code: errors.code } : { password: errors.password },
  );
  const { focus } = form;
  useEffect(() => focus(withCode ? 'code' : 'password'), [focus, withCode]);
  const submit = (data: ReauthInput) => {
    if (!pending) onConfirm(withCode ? { code: data.code } : { password: data.password });
  };
  return (
    <form
      {...form.formProps}
      onSubmit={form.submitWith(submit)}
      aria-label={label}
      className="flex flex-col gap-3 rounded-md border border-stone-300 bg-stone-50 p-4"
    >
      {withCode ? (
        <TextField
          label="Code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          {...form.field('code')}
        />
      ) : (
        <ConfirmPasswordField {...form.field('password')} />
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
            onClick={onSwitch}
          >
            {withCode ? 'Use your password instead' : 'Use a code from your app instead'}
          </button>
        ) : null}
      </div>
    </form>
  );
}
