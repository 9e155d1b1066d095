import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '~/client/lib/api';
import { sessionQueryKey } from './session-query-key';

export const adminQueryKey = ['admin'] as const;

/**
 * Spec 7: no retry, no refetch on focus, never stale, no polling. Lists are refreshed by
 * invalidation after every change instead. A 401 from any call but the sign-in means the session
 * has ended: forgetting it sends the page back to the sign-in screen.
 */
export function createAdminQueryClient() {
  const onError = (error: Error, meta?: Record<string, unknown>) => {
    if (error instanceof ApiError && error.status === 401 && !meta?.ownsSession) {
      client.setQueryData(sessionQueryKey, null);
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => onError(error, mutation.meta),
      onSettled: (_data, _error, _vars, _ctx, mutation) => {
        if (mutation.meta?.ownsSession) return;
        // Whatever changed may show in any list (the audit log records every change).
        return client.invalidateQueries({
          queryKey: adminQueryKey,
          predicate: (query) => query.queryKey[1] !== sessionQueryKey[1],
        });
      },
    }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: Infinity,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
