import { adminApi } from '~/shared/api/admin';
import { useQuery } from '@tanstack/react-query';
import { adminUsersListing } from '~/shared/schemas/admin';
import { adminRequest } from '~/client/lib/admin/admin-request';

export function listAdminUsers() {
  return adminRequest(adminApi.users, adminUsersListing);
}

export function useAdminUsersQuery() {
  return useQuery({ queryKey: ['admin', 'users'], queryFn: listAdminUsers });
}
