import { adminApi } from '~/shared/api/admin';
import { useMutation } from '@tanstack/react-query';
import { sessionsEnded } from '~/shared/schemas/admin';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

/** Signs an administrator out everywhere; answers how many sessions were ended. */
export function endAdminSessions(id: string, csrfToken: string) {
  return adminRequest(adminApi.endSessions, sessionsEnded, {
    params: { id },
    csrfToken,
  });
}

export function useEndAdminSessions() {
  const { csrfToken } = useAdminSession();
  return useMutation({ mutationFn: (id: string) => endAdminSessions(id, csrfToken) });
}
