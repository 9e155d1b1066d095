import { adminApi } from '~/shared/api/admin';
import { useQuery } from '@tanstack/react-query';
import { sessionResponse, type AdminSession } from '~/shared/schemas/admin';
import { ApiError } from '~/client/lib/api';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { sessionQueryKey } from '~/client/lib/admin/session-query-key';

/** The signed-in administrator, or null when there is no session (spec 7's 401 variant). */
export async function getSession(): Promise<AdminSession | null> {
  try {
    return await adminRequest(adminApi.session, sessionResponse);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useSessionQuery() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: getSession });
}
