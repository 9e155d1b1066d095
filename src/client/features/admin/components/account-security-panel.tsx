import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '~/client/components/ui/button';
import { LoadingState } from '~/client/components/ui/panel-parts';
import { useAccountSecurityQuery } from '~/client/features/admin/api/account-security';
import { plainMessage } from '~/client/features/admin/lib/plain-message';
import { ADMIN_HOME } from '~/client/features/admin/lib/safe-next-path';
import { PasskeysSection } from './passkeys-section';
import { RecoveryCodesSection } from './recovery-codes-section';
import { RecoveryCodesList } from './recovery-codes-list';
import { TotpSection } from './totp-section';

/**
 * /admin/account: the signed-in administrator's own second factors (docs/decisions/
 * 018-admin-second-factor.md): the authenticator app, passkeys and recovery codes.
 */
export default function AccountSecurityPanel() {
  const query = useAccountSecurityQuery();
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const codesRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (newCodes) codesRef.current?.focus();
  }, [newCodes]);

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <p className="text-stone-700">
        A second step after your password keeps the admin area closed to someone who learns it. Use
        an authenticator app, passkeys, or both.{' '}
        <Link href={`~${ADMIN_HOME}`} className="text-navy-800 underline hover:text-navy-950">
          Back to the dashboard
        </Link>
      </p>
      {query.isPending ? <LoadingState label="Loading your security settings…" /> : null}
      {query.error ? (
        <div role="alert" className="rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">Could not load your security settings</p>
          <p className="mt-1 text-sm">{plainMessage(query.error)}</p>
          <Button variant="ghost" className="mt-3" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {newCodes ? (
        <div ref={codesRef} tabIndex={-1} className="flex flex-col gap-3 focus:outline-none">
          <RecoveryCodesList codes={newCodes} />
          <Button variant="secondary" className="self-start" onClick={() => setNewCodes(null)}>
            I have saved my codes
          </Button>
        </div>
      ) : null}
      {query.data ? (
        <>
          {query.data.secondFactorRequired ? (
            <p className="rounded-md border border-navy-700 bg-white px-4 py-3 text-stone-800">
              This site requires every administrator to keep at least one second factor, so the last
              one cannot be removed.
            </p>
          ) : null}
          <TotpSection security={query.data} onNewCodes={setNewCodes} />
          <PasskeysSection security={query.data} onNewCodes={setNewCodes} />
          <RecoveryCodesSection security={query.data} onNewCodes={setNewCodes} />
        </>
      ) : null}
    </div>
  );
}
