import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { adminRequest } from './admin-request';
import { sessionQueryKey } from './session-query-key';
import type { AdminSession } from './types';

/** The signed-in administrator, or null when there is no session (spec 7's 401 variant). */
export async function getSession(): Promise<AdminSession | null> {
  try {
    return await adminRequest<AdminSession>('/api/admin/session');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useSessionQuery() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: getSession });
}
