import { adminApi } from '~/shared/api/admin';
import { useMutation } from '@tanstack/react-query';
import { jobRetried } from '~/shared/schemas/admin';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

/** Puts a dead job back in the queue; the server answers 409 when it is not dead. */
export function retryJob(id: number, csrfToken: string) {
  return adminRequest(adminApi.retryJob, jobRetried, { params: { id }, csrfToken });
}

export function useRetryJob() {
  const { csrfToken } = useAdminSession();
  return useMutation({ mutationFn: (id: number) => retryJob(id, csrfToken) });
}
