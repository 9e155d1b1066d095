import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AdminSession } from '~/shared/schemas/admin';
import type { SecondFactorMethod } from '~/shared/schemas/admin-second-factor';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/field';
import { ApiError } from '~/client/lib/api';
import {
  passkeySignInOptions,
  useFinishSecondFactor,
} from '~/client/features/admin/api/second-step';
import { signWithPasskey } from '~/client/features/admin/lib/passkey-ceremony';
import { fieldMessages, plainMessage } from '~/client/features/admin/lib/plain-message';

type CodeKind = 'totp' | 'recovery-code';

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
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const finish = useFinishSecondFactor();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const codeFormRef = useRef<HTMLFormElement>(null);

  useEffect(() => headingRef.current?.focus(), []);

  const onFailure = (error: unknown) => {
    const fields = fieldMessages(error);
    if (error instanceof ApiError && error.status === 401 && Object.keys(fields).length === 0) {
      onRestart(plainMessage(error));
      return;
    }
    const message = fields.code ?? fields.passkey ?? plainMessage(error);
    if (fields.code) {
      setFieldError(fields.code);
      setFormError(null);
      setCode('');
      codeFormRef.current?.querySelector('input')?.focus();
    } else {
      setFieldError(undefined);
      setFormError(message);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (finish.isPending) return;
    setFormError(null);
    finish.mutate({ method: kind, code }, { onSuccess: onSignedIn, onError: onFailure });
  };

  const onPasskey = async () => {
    setFormError(null);
    setFieldError(undefined);
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
    setCode('');
    setFieldError(undefined);
    setFormError(null);
  };
  const busy = finish.isPending || passkeyBusy;

  return (
    <div className="mt-6 flex flex-col gap-4">
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="font-display text-2xl font-semibold text-navy-950 focus:outline-none"
      >
        Confirm it’s you
      </h2>
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
        <form
          ref={codeFormRef}
          onSubmit={onSubmit}
          noValidate
          aria-label="Second step"
          className="flex flex-col gap-4"
        >
          <TextField
            key={kind}
            label={codeLabels[kind].label}
            hint={codeLabels[kind].hint}
            name="code"
            inputMode={kind === 'totp' ? 'numeric' : 'text'}
            autoComplete={kind === 'totp' ? 'one-time-code' : 'off'}
            autoCapitalize="characters"
            spellCheck={false}
            required
            value={code}
            error={fieldError}
            onValue={(_name, value) => {
              setCode(value);
              setFieldError(undefined);
            }}
          />
          <Button type="submit" variant="secondary" disabled={busy}>
            {finish.isPending && !passkeyBusy ? 'Checking...' : 'Confirm'}
          </Button>
        </form>
      ) : null}
      {formError ? (
        <p
          role="alert"
          className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {formError}
        </p>
      ) : null}
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
    </div>
  );
}
