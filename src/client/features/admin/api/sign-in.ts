import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { sessionQueryKey } from './session-query-key';
import type { AdminSession } from './types';

export interface SignInInput {
  username: string;
  password: string;
}

export function signIn(input: SignInInput) {
  return adminRequest<AdminSession>('/api/admin/login', { method: 'POST', body: input });
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
