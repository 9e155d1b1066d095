import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { AdminSession, LoginData } from '~/shared/schemas/admin';
import type { SecondFactorMethod } from '~/shared/schemas/admin-second-factor';
import { useLocation, useSearch } from 'wouter';
import siteConfig from '~/client/lib/site-config';
import { Button } from '~/client/components/ui/button';
import { useDismissToast, useToast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';
import { useZodForm } from '~/client/lib/use-zod-form';
import { CredentialFields } from './credential-fields';
import { useSessionQuery } from '~/client/features/admin/api/get-session';
import { useSignIn, useStartSession } from '~/client/features/admin/api/sign-in';
import { safeNextPath } from '~/client/features/admin/lib/safe-next-path';
import { SignInProblem } from './sign-in-step';

// The second steps load only when a sign-in needs one: most sign-ins of most sites never do.
const SecondFactorStep = lazy(() =>
  import('./second-factor-step').then((m) => ({ default: m.SecondFactorStep })),
);
const EnrolmentStep = lazy(() =>
  import('./enrolment-step').then((m) => ({ default: m.EnrolmentStep })),
);
const RecoveryCodesList = lazy(() =>
  import('./recovery-codes-list').then((m) => ({ default: m.RecoveryCodesList })),
);

const loadSchema = () => import('~/shared/schemas/admin').then((m) => m.loginInput);

/** Spec 8: the same words whichever half of the pair was wrong. */
export const INVALID_CREDENTIALS = 'Invalid credentials';

function signInErrorMessage(error: Error): string {
  if (error instanceof ApiError && error.status === 401) return INVALID_CREDENTIALS;
  return error.message || 'Sign-in failed. Please try again.';
}

/** Where the sign-in is: the password, then perhaps a second step (ADR 018). */
type Stage =
  | { step: 'password' }
  | { step: 'second-factor'; methods: SecondFactorMethod[] }
  | { step: 'enrolment' }
  | { step: 'recovery-codes'; session: AdminSession; codes: string[] };

/**
 * /admin/login: username and password, checked by the server; then, for an account with a
 * second factor, its code, passkey or a recovery code; or, when the site requires one and the
 * account has none, setting one up. Afterwards the page goes to `next` when it is an admin path
 * of this site, else to the dashboard.
 */
export function LoginScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const showToast = useToast();
  const dismissToast = useDismissToast();
  const session = useSessionQuery();
  const signIn = useSignIn();
  const startSession = useStartSession();
  const [stage, setStage] = useState<Stage>({ step: 'password' });
  const form = useZodForm(loadSchema, { username: '', password: '' });
  const [formError, setFormError] = useState<string | null>(null);

  // A failure's toast says what went wrong with this sign-in; once a later try gets past the
  // password it is no longer true, and must not stay up over the second step or the dashboard.
  const failureShown = useRef(false);
  const toast: typeof showToast = (message) => {
    failureShown.current = message.variant === 'destructive';
    showToast(message);
  };
  const clearFailure = () => {
    if (failureShown.current) dismissToast();
    failureShown.current = false;
  };

  // Signed in (just now, or already): on to where the visitor was going.
  const signedInAs = session.data?.user.username;
  useEffect(() => {
    if (!signedInAs) return;
    if (failureShown.current) dismissToast();
    failureShown.current = false;
    const next = new URLSearchParams(window.location.search).get('next');
    navigate(`~${safeNextPath(next, window.location.origin)}`, { replace: true });
  }, [signedInAs, navigate, search, dismissToast]);

  const signInWith = async (data: LoginData) => {
    if (signIn.isPending) return;
    setFormError(null);
    // Ready for another try either way: the name kept, the password typed again.
    const again = { username: form.values.username, password: '' };
    try {
      const answer = await signIn.mutateAsync(data);
      clearFailure();
      if ('user' in answer) return;
      form.reset(again);
      setStage(
        answer.next === 'second-factor'
          ? { step: 'second-factor', methods: answer.methods }
          : { step: 'enrolment' },
      );
    } catch (error) {
      const message = signInErrorMessage(error as Error);
      const fields = error instanceof ApiError && error.status === 400 ? error.fields : {};
      setFormError(Object.keys(fields).length > 0 ? null : message);
      form.reset(again);
      toast({ title: 'Login Failed', description: message, variant: 'destructive' });
      form.focus(fields.username ? 'username' : 'password');
      // The hook shows the server's per-field messages (a 400) under their fields.
      throw error;
    }
  };

  /** Back to the password, with why (a timed-out second step, too many wrong codes). */
  const restart = (message?: string) => {
    setStage({ step: 'password' });
    setFormError(message ?? null);
    if (message)
      toast({ title: 'Please Sign In Again', description: message, variant: 'destructive' });
  };

  const pending = signIn.isPending || Boolean(signedInAs);
  return (
    <main className="flex min-h-screen items-center justify-center bg-navy-950 px-4 py-12">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-xl">
        <p className="text-center font-display text-xl font-semibold text-gold-700">
          {siteConfig.product}
        </p>
        <h1 className="mt-1 text-center font-display text-3xl font-semibold text-navy-950">
          Admin Login
        </h1>
        <Suspense fallback={<p role="status">Loading the next step…</p>}>
          {stage.step === 'second-factor' ? (
            <SecondFactorStep
              methods={stage.methods}
              onSignedIn={startSession}
              onRestart={restart}
            />
          ) : null}
          {stage.step === 'enrolment' ? (
            <EnrolmentStep
              onEnrolled={({ recoveryCodes, ...session }) =>
                setStage({ step: 'recovery-codes', session, codes: recoveryCodes })
              }
              onRestart={restart}
            />
          ) : null}
          {stage.step === 'recovery-codes' ? (
            <div className="mt-6 flex flex-col gap-4">
              <p role="status" className="font-semibold text-green-800">
                Your second step is set up.
              </p>
              <RecoveryCodesList codes={stage.codes} />
              <Button variant="secondary" onClick={() => startSession(stage.session)}>
                I have saved my codes: continue
              </Button>
            </div>
          ) : null}
        </Suspense>
        {stage.step === 'password' ? (
          <form
            {...form.formProps}
            onSubmit={(event) => form.submitWith(signInWith)(event)}
            aria-label="Admin sign-in"
            aria-describedby={formError ? 'admin-login-error' : undefined}
            className="mt-6 flex flex-col gap-4"
          >
            <CredentialFields field={form.field} password="current-password" />
            {/* Announced by the toast; kept here, near the fields, while the visitor tries again. */}
            <SignInProblem id="admin-login-error" message={formError} />
            <Button type="submit" variant="secondary" disabled={pending}>
              {pending ? 'Signing in...' : 'Access Admin Panel'}
            </Button>
          </form>
        ) : null}
      </div>
    </main>
  );
}
