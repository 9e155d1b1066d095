import { adminApi } from '~/shared/api/admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { securityPolicy, securityPolicyChanged } from '~/shared/schemas/admin-second-factor';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

/** Owners: whether every administrator must have a second factor. */
export function useSecurityPolicyQuery() {
  return useQuery({
    queryKey: ['admin', 'security-policy'],
    queryFn: () => adminRequest(adminApi.securityPolicy, securityPolicy),
  });
}

export function useSetSecurityPolicy() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (requireSecondFactor: boolean) =>
      adminRequest(adminApi.setSecurityPolicy, securityPolicyChanged, {
        body: { requireSecondFactor },
        csrfToken,
      }),
  });
}
