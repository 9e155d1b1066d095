import { adminApi } from '~/shared/api/admin';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { JobStatus } from '~/shared/domain';
import { jobListing, type JobListing } from '~/shared/schemas/admin';
import { adminRequest } from '~/client/lib/admin/admin-request';

export const JOB_LIST_LIMIT = 100;

export function listJobs(status?: JobStatus) {
  const query = new URLSearchParams({ limit: String(JOB_LIST_LIMIT) });
  if (status) query.set('status', status);
  return adminRequest(adminApi.jobs, jobListing, { query });
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
