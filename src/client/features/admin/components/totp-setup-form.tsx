import { useId } from 'react';
import type { TotpSetup } from '~/shared/schemas/admin-second-factor';
import { ConfirmPasswordField } from './confirm-password-field';
import { TextField } from '~/client/components/ui/field';
import { useZodForm } from '~/client/lib/use-zod-form';
import { SubmitOrCancel } from './submit-or-cancel';

const schemas = () => import('~/shared/schemas/admin-second-factor');

/** The secret in groups of four, easier to type into an app by hand. */
function grouped(secret: string) {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/**
 * Setting up an authenticator app: scan the QR code (or type the key), then enter the code the
 * app shows, which switches it on. The page shows the secret this once; the server never again.
 * With `askPassword` (a signed-in account, not a sign-in that just took it), the password too.
 */
export function TotpSetupForm({
  setup,
  pending,
  error,
  passwordError,
  askPassword = false,
  submitLabel = 'Turn on',
  onConfirm,
  onCancel,
}: {
  setup: TotpSetup;
  pending: boolean;
  error?: string | undefined;
  passwordError?: string | undefined;
  askPassword?: boolean;
  submitLabel?: string;
  onConfirm: (code: string, password: string) => void;
  onCancel?: () => void;
}) {
  const keyId = useId();
  const form = useZodForm(
    () => schemas().then((m) => (askPassword ? m.totpConfirmInput : m.totpCodeForm)),
    { code: '', password: '' },
    undefined,
    { code: error, password: passwordError },
  );
  const submit = (data: { code: string; password?: string }) => {
    if (!pending) onConfirm(data.code, data.password ?? '');
  };
  return (
    <div className="flex flex-col gap-4">
      <ol className="ml-5 list-decimal space-y-2 text-stone-800">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
          1Password or similar) and choose to add an account.
        </li>
        <li>
          Scan this QR code with it.
          <img
            src={setup.qrCode}
            alt="QR code for your authenticator app"
            width={192}
            height={192}
            className="mt-2 rounded border border-stone-300 bg-white"
          />
        </li>
        <li>
          Cannot scan it? Type this setup key into the app instead:{' '}
          <code
            id={keyId}
            aria-label="Setup key"
            data-secret={setup.secret}
            className="rounded bg-stone-100 px-2 py-1 font-mono text-base break-all text-navy-950"
          >
            {grouped(setup.secret)}
          </code>
        </li>
        <li>Enter the 6-digit code the app now shows.</li>
      </ol>
      <form
        {...form.formProps}
        onSubmit={form.submitWith(submit)}
        aria-label="Confirm the authenticator app"
        className="flex flex-col gap-3"
      >
        <TextField
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          required
          {...form.field('code')}
        />
        {askPassword ? <ConfirmPasswordField {...form.field('password')} /> : null}
        <SubmitOrCancel
          pending={pending}
          pendingLabel="Checking..."
          submitLabel={submitLabel}
          onCancel={onCancel}
        />
      </form>
    </div>
  );
}
