import { adminApi } from '~/shared/api/admin';
import { useMutation } from '@tanstack/react-query';
import { noContent } from '~/shared/schemas/common';
import { ApiError } from '~/client/lib/api';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

export async function signOut(csrfToken: string) {
  try {
    await adminRequest(adminApi.logout, noContent, { csrfToken });
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
