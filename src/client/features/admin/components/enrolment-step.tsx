import { useState } from 'react';
import type { AdminSession } from '~/shared/schemas/admin';
import type { TotpSetup } from '~/shared/schemas/admin-second-factor';
import { Button } from '~/client/components/ui/button';
import { ApiError } from '~/client/lib/api';
import {
  enrolmentPasskeyOptions,
  useFinishEnrolment,
  useStartEnrolmentTotp,
} from '~/client/features/admin/api/second-step';
import { createPasskey } from '~/client/features/admin/lib/passkey-ceremony';
import { fieldMessages, plainMessage } from '~/client/features/admin/lib/plain-message';
import { PasskeyNameForm } from './passkey-name-form';
import { TotpSetupForm } from './totp-setup-form';
import { SignInProblem, SignInStep } from './sign-in-step';

type Choice = 'none' | 'totp' | 'passkey';

/**
 * The site requires a second factor and this account has none: before any session, the person
 * sets one up (an authenticator app or a passkey). The session and recovery codes come back
 * together; the caller shows the codes before going on.
 */
export function EnrolmentStep({
  onEnrolled,
  onRestart,
}: {
  onEnrolled: (session: AdminSession & { recoveryCodes: string[] }) => void;
  onRestart: (message?: string) => void;
}) {
  const [choice, setChoice] = useState<Choice>('none');
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const start = useStartEnrolmentTotp();
  const finish = useFinishEnrolment();

  const onFailure = (error: unknown) => {
    const fields = fieldMessages(error);
    if (error instanceof ApiError && error.status === 401) {
      onRestart(plainMessage(error));
      return;
    }
    setFieldError(fields.code ?? fields.name);
    setFormError(fields.code || fields.name ? null : plainMessage(error));
  };

  const chooseTotp = () => {
    setChoice('totp');
    setFormError(null);
    start.mutate(undefined, { onSuccess: setSetup, onError: onFailure });
  };

  const onPasskey = async (name: string) => {
    setFormError(null);
    setFieldError(undefined);
    setPasskeyBusy(true);
    try {
      const response = await createPasskey(await enrolmentPasskeyOptions());
      finish.mutate(
        { method: 'passkey', name, response },
        { onSuccess: onEnrolled, onError: onFailure, onSettled: () => setPasskeyBusy(false) },
      );
    } catch (error) {
      setPasskeyBusy(false);
      onFailure(error);
    }
  };

  return (
    <SignInStep title="Set up a second step">
      <p className="text-stone-700">
        This site asks every administrator for a second step after the password, so that a password
        alone cannot open the admin area. Choose one to set up now; it takes a minute.
      </p>
      {choice === 'none' ? (
        <div className="flex flex-col gap-3">
          <Button variant="secondary" onClick={chooseTotp}>
            Use an authenticator app
          </Button>
          <Button
            variant="ghost"
            className="border border-stone-400"
            onClick={() => setChoice('passkey')}
          >
            Use a passkey
          </Button>
        </div>
      ) : null}
      {choice === 'totp' && !setup && start.isPending ? (
        <p role="status">Preparing your setup key…</p>
      ) : null}
      {choice === 'totp' && setup ? (
        <TotpSetupForm
          setup={setup}
          pending={finish.isPending}
          error={fieldError}
          submitLabel="Turn on and sign in"
          onConfirm={(code) =>
            finish.mutate({ method: 'totp', code }, { onSuccess: onEnrolled, onError: onFailure })
          }
        />
      ) : null}
      {choice === 'passkey' ? (
        <PasskeyNameForm
          pending={passkeyBusy}
          error={fieldError}
          submitLabel="Create a passkey and sign in"
          onSubmit={(name) => void onPasskey(name)}
          onCancel={() => setChoice('none')}
        />
      ) : null}
      <SignInProblem role="alert" message={formError} />
      <button
        type="button"
        className="self-start py-1 text-sm text-navy-800 underline hover:text-navy-950"
        onClick={() => onRestart()}
      >
        Start over with your password
      </button>
    </SignInStep>
  );
}
