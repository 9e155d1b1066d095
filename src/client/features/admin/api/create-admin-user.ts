import { useMutation } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { useAdminSession } from './admin-session-context';
import type { AdminRole } from './types';

export interface CreateAdminUserInput {
  username: string;
  password: string;
  role: AdminRole;
}

export function createAdminUser(input: CreateAdminUserInput, csrfToken: string) {
  return adminRequest<unknown>('/api/admin/users', { method: 'POST', body: input, csrfToken });
}

export function useCreateAdminUser() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (input: CreateAdminUserInput) => createAdminUser(input, csrfToken),
  });
}
