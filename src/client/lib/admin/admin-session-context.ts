import { createContext, useContext } from 'react';
import type { AdminSession } from '~/shared/schemas/admin';

/** The signed-in administrator and the CSRF token, provided once the session is confirmed. */
export const AdminSessionContext = createContext<AdminSession | null>(null);

export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error('useAdminSession must be used inside a confirmed admin session');
  return session;
}
