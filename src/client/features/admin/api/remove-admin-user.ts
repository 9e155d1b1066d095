import { useMutation } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { useAdminSession } from './admin-session-context';

/** The server refuses (409) to remove yourself or the last owner. */
export function removeAdminUser(id: string, csrfToken: string) {
  return adminRequest<void>(`/api/admin/users/${id}`, { method: 'DELETE', csrfToken });
}

export function useRemoveAdminUser() {
  const { csrfToken } = useAdminSession();
  return useMutation({ mutationFn: (id: string) => removeAdminUser(id, csrfToken) });
}
