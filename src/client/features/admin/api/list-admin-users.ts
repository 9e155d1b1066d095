import { useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { AdminAccount } from './types';

export function listAdminUsers() {
  return adminRequest<{ users: AdminAccount[] }>('/api/admin/users');
}

export function useAdminUsersQuery() {
  return useQuery({ queryKey: ['admin', 'users'], queryFn: listAdminUsers });
}
