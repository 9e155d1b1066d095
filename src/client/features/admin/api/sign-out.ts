import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { adminRequest } from './admin-request';
import { useAdminSession } from './admin-session-context';

export async function signOut(csrfToken: string) {
  try {
    await adminRequest<void>('/api/admin/logout', { method: 'POST', csrfToken });
  } catch (error) {
    // Already signed out elsewhere (expired, or ended by an owner): the outcome is the same.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}

/** The caller leaves the page, then forgets the cached session (see DashboardShell). */
export function useSignOut() {
  const { csrfToken } = useAdminSession();
  return useMutation({ mutationFn: () => signOut(csrfToken), meta: { ownsSession: true } });
}
