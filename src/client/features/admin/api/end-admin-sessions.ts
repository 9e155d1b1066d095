import { useMutation } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { useAdminSession } from './admin-session-context';

/** Signs an administrator out everywhere; answers how many sessions were ended. */
export function endAdminSessions(id: string, csrfToken: string) {
  return adminRequest<{ ended: number }>(`/api/admin/users/${id}/end-sessions`, {
    method: 'POST',
    csrfToken,
  });
}

export function useEndAdminSessions() {
  const { csrfToken } = useAdminSession();
  return useMutation({ mutationFn: (id: string) => endAdminSessions(id, csrfToken) });
}
