import { useMutation, useQuery } from '@tanstack/react-query';
import { securityPolicy, securityPolicyChanged } from '~/shared/schemas/admin-second-factor';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

/** Owners: whether every administrator must have a second factor. */
export function useSecurityPolicyQuery() {
  return useQuery({
    queryKey: ['admin', 'security-policy'],
    queryFn: () => adminRequest('/api/admin/security-policy', securityPolicy),
  });
}

export function useSetSecurityPolicy() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (requireSecondFactor: boolean) =>
      adminRequest('/api/admin/security-policy', securityPolicyChanged, {
        method: 'PUT',
        body: { requireSecondFactor },
        csrfToken,
      }),
  });
}
