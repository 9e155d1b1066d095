import { adminApi } from '~/shared/api/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminSession, type LoginInput } from '~/shared/schemas/admin';
import { loginAnswer } from '~/shared/schemas/admin-second-factor';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { sessionQueryKey } from '~/client/lib/admin/session-query-key';

/** The password step: signed in, or a second step to take (the server says which). */
export function signIn(input: LoginInput) {
  return adminRequest(adminApi.login, loginAnswer, { body: input });
}

/** Once a sign-in has finished (any step): only this session's data may be shown from now on. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (session: AdminSession) => {
    // The session query itself is kept and given its new data: the sign-in page is watching it
    // (a removed query would leave its observer on the old one until something re-rendered it).
    queryClient.removeQueries({
      queryKey: ['admin'],
      predicate: (query) => query.queryKey[1] !== sessionQueryKey[1],
    });
    queryClient.setQueryData(sessionQueryKey, { user: session.user, csrfToken: session.csrfToken });
  };
}

export function useSignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: signIn,
    // A 401 here is a wrong pair, not an ended session.
    meta: { ownsSession: true },
    onSuccess: (answer) => {
      if ('user' in answer) startSession(answer);
    },
  });
}
