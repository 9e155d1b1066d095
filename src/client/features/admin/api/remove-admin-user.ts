import { adminApi } from '~/shared/api/admin';
import { useMutation } from '@tanstack/react-query';
import { noContent } from '~/shared/schemas/common';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

/** The server refuses (409) to remove yourself or the last owner. */
export function removeAdminUser(id: string, csrfToken: string) {
  return adminRequest(adminApi.removeUser, noContent, { params: { id }, csrfToken });
}

export function useRemoveAdminUser() {
  const { csrfToken } = useAdminSession();
  return useMutation({ mutationFn: (id: string) => removeAdminUser(id, csrfToken) });
}
