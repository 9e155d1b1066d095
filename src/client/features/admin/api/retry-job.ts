import { useMutation } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { useAdminSession } from './admin-session-context';

/** Puts a dead job back in the queue; the server answers 409 when it is not dead. */
export function retryJob(id: number, csrfToken: string) {
  return adminRequest<{ retried: boolean }>(`/api/admin/jobs/${id}/retry`, {
    method: 'POST',
    csrfToken,
  });
}

export function useRetryJob() {
  const { csrfToken } = useAdminSession();
  return useMutation({ mutationFn: (id: number) => retryJob(id, csrfToken) });
}
