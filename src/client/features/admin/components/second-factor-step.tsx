import { useState } from 'react';
import type { AdminSession } from '~/shared/schemas/admin';
import type { SecondFactorMethod } from '~/shared/schemas/admin-second-factor';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/field';
import { ApiError } from '~/client/lib/api';
import { useZodForm } from '~/client/lib/use-zod-form';
import {
  passkeySignInOptions,
  useFinishSecondFactor,
} from '~/client/features/admin/api/second-step';
import { signWithPasskey } from '~/client/features/admin/lib/passkey-ceremony';
import { fieldMessages, plainMessage } from '~/client/features/admin/lib/plain-message';
import { SignInProblem, SignInStep } from './sign-in-step';

type CodeKind = 'totp' | 'recovery-code';

const schemas = () => import('~/shared/schemas/admin-second-factor');

const linkClass = 'py-1 text-navy-800 underline hover:text-navy-950';

const codeLabels: Record<CodeKind, { label: string; hint: string; switchTo: string }> = {
  totp: {
    label: 'Authentication code',
    hint: 'The 6-digit code your authenticator app shows now.',
    switchTo: 'Use your authenticator app instead',
  },
  'recovery-code': {
    label: 'Recovery code',
    hint: 'One of the codes you saved when you set up your second factor. Each works once.',
    switchTo: 'Use a recovery code instead',
  },
};

/**
 * The second step of a sign-in: a code from the authenticator app, a passkey, or a recovery
 * code. A wrong code stays here with the server's words under the field; a sign-in that timed
 * out, or had too many wrong tries, goes back to the password (`onRestart`).
 */
export function SecondFactorStep({
  methods,
  onSignedIn,
  onRestart,
}: {
  methods: SecondFactorMethod[];
  onSignedIn: (session: AdminSession) => void;
  onRestart: (message?: string) => void;
}) {
  const hasTotp = methods.includes('totp');
  const hasPasskey = methods.includes('passkey');
  const [kind, setKind] = useState<CodeKind>(hasTotp ? 'totp' : 'recovery-code');
  const [showCodeForm, setShowCodeForm] = useState(hasTotp || !hasPasskey);
  const [formError, setFormError] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const finish = useFinishSecondFactor();

  /** A sign-in that timed out, or had too many wrong tries, goes back to the password. */
  const restarted = (error: unknown) => {
    const fields = fieldMessages(error);
    if (error instanceof ApiError && error.status === 401 && Object.keys(fields).length === 0) {
      onRestart(plainMessage(error));
      return true;
    }
    return false;
  };

  const onFailure = (error: unknown) => {
    if (restarted(error)) return;
    const fields = fieldMessages(error);
    setFormError(fields.code ?? fields.passkey ?? plainMessage(error));
  };

  const sendCode = async (code: string) => {
    setFormError(null);
    try {
      onSignedIn(await finish.mutateAsync({ method: kind, code }));
    } catch (error) {
      // A wrong code stays here: the hook shows the server's words under the field.
      if (!restarted(error) && !fieldMessages(error).code) onFailure(error);
      throw error;
    }
  };

  const onPasskey = async () => {
    setFormError(null);
    setPasskeyBusy(true);
    try {
      const options = await passkeySignInOptions();
      const response = await signWithPasskey(options);
      finish.mutate(
        { method: 'passkey', response },
        { onSuccess: onSignedIn, onError: onFailure, onSettled: () => setPasskeyBusy(false) },
      );
    } catch (error) {
      setPasskeyBusy(false);
      onFailure(error);
    }
  };

  const switchKind = (next: CodeKind) => {
    setKind(next);
    setShowCodeForm(true);
    setFormError(null);
  };
  const busy = finish.isPending || passkeyBusy;

  return (
    <SignInStep title="Confirm it’s you">
      <p className="text-stone-700">
        Your password was right. One more step:{' '}
        {showCodeForm && kind === 'recovery-code'
          ? 'enter one of the recovery codes you saved.'
          : hasTotp
            ? 'enter the code from your authenticator app.'
            : 'use your passkey, or a recovery code.'}
      </p>
      {hasPasskey ? (
        <Button
          variant={hasTotp ? 'ghost' : 'secondary'}
          className={hasTotp ? 'border border-stone-400' : ''}
          onClick={() => void onPasskey()}
          disabled={busy}
        >
          {passkeyBusy ? 'Waiting for your passkey...' : 'Use your passkey'}
        </Button>
      ) : null}
      {showCodeForm ? (
        <CodeForm
          key={kind}
          kind={kind}
          busy={busy}
          checking={finish.isPending && !passkeyBusy}
          send={sendCode}
        />
      ) : null}
      <SignInProblem role="alert" message={formError} />
      <div className="flex flex-col items-start gap-1 text-sm">
        {kind !== 'recovery-code' || !showCodeForm ? (
          <button type="button" className={linkClass} onClick={() => switchKind('recovery-code')}>
            {codeLabels['recovery-code'].switchTo}
          </button>
        ) : null}
        {hasTotp && kind === 'recovery-code' ? (
          <button type="button" className={linkClass} onClick={() => switchKind('totp')}>
            {codeLabels.totp.switchTo}
          </button>
        ) : null}
        <button type="button" className={linkClass} onClick={() => onRestart()}>
          Start over with your password
        </button>
      </div>
    </SignInStep>
  );
}

/** The code form, one per kind of code: its own rules, and empty again when the kind changes. */
function CodeForm({
  kind,
  busy,
  checking,
  send,
}: {
  kind: CodeKind;
  busy: boolean;
  checking: boolean;
  send: (code: string) => Promise<void>;
}) {
  const form = useZodForm(
    () => schemas().then((m) => (kind === 'totp' ? m.totpCodeForm : m.recoveryCodeForm)),
    { code: '' },
  );
  // The code goes as typed: the server reads it by the same rules the form just checked.
  const submit = async () => {
    if (busy) return;
    try {
      await send(form.values.code);
    } catch (error) {
      form.reset();
      throw error;
    }
  };
  return (
    <form
      {...form.formProps}
      onSubmit={form.submitWith(submit)}
      aria-label="Second step"
      className="flex flex-col gap-4"
    >
      <TextField
        label={codeLabels[kind].label}
        hint={codeLabels[kind].hint}
        inputMode={kind === 'totp' ? 'numeric' : 'text'}
        autoComplete={kind === 'totp' ? 'one-time-code' : 'off'}
        autoCapitalize="characters"
        spellCheck={false}
        required
        {...form.field('code')}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        {checking ? 'Checking...' : 'Confirm'}
      </Button>
    </form>
  );
}
