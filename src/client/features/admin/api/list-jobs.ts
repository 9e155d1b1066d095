import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { JobListing, JobStatus } from './types';

export const JOB_LIST_LIMIT = 100;

export function listJobs(status?: JobStatus) {
  const query = new URLSearchParams({ limit: String(JOB_LIST_LIMIT) });
  if (status) query.set('status', status);
  return adminRequest<JobListing>(`/api/admin/jobs?${query}`);
}

export function useJobsQuery(
  status?: JobStatus,
  options: Pick<UseQueryOptions<JobListing>, 'placeholderData'> = {},
) {
  return useQuery({
    queryKey: ['admin', 'jobs', status ?? 'all'],
    queryFn: () => listJobs(status),
    ...options,
  });
}
