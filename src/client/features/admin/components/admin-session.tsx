import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { AdminSessionContext } from '~/client/lib/admin/admin-session-context';
import { useSessionQuery } from '~/client/features/admin/api/get-session';
import { loginPathFor } from '~/client/features/admin/lib/safe-next-path';
import { AdminStatusScreen } from './admin-status-screen';

/**
 * Shows its children only to a signed-in administrator. Without a session the address is
 * replaced by the sign-in page, which comes back here (path and query) afterwards.
 */
export function RequireAdminSession({ children }: { children: ReactNode }) {
  const session = useSessionQuery();
  const [, navigate] = useLocation();
  const signedOut = session.isSuccess && session.data === null;

  useEffect(() => {
    if (!signedOut) return;
    const here = `${window.location.pathname}${window.location.search}`;
    navigate(`~${loginPathFor(here)}`, { replace: true });
  }, [signedOut, navigate]);

  if (session.isError) {
    return (
      <AdminStatusScreen
        title="Could not check your session"
        message={session.error.message}
        onRetry={() => void session.refetch()}
      />
    );
  }
  if (!session.data) return <AdminStatusScreen title="Checking your session…" busy />;
  return (
    <AdminSessionContext.Provider value={session.data}>{children}</AdminSessionContext.Provider>
  );
}
