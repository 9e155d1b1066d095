import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionResponse, type LoginInput } from '~/shared/schemas/admin';
import { adminRequest } from '../../../lib/admin/admin-request';
import { sessionQueryKey } from '../../../lib/admin/session-query-key';

export function signIn(input: LoginInput) {
  return adminRequest('/api/admin/login', sessionResponse, { method: 'POST', body: input });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // A 401 here is a wrong pair, not an ended session.
    meta: { ownsSession: true },
    onSuccess: (session) => {
      queryClient.removeQueries({ queryKey: ['admin'] });
      queryClient.setQueryData(sessionQueryKey, session);
    },
  });
}
