import { adminApi } from '~/shared/api/admin';
import { useMutation } from '@tanstack/react-query';
import { adminUserCreated, type CreateAdminInput } from '~/shared/schemas/admin';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

export function createAdminUser(input: CreateAdminInput, csrfToken: string) {
  return adminRequest(adminApi.createUser, adminUserCreated, {
    body: input,
    csrfToken,
  });
}

export function useCreateAdminUser() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (input: CreateAdminInput) => createAdminUser(input, csrfToken),
  });
}
