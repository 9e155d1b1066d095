import { adminDonorsApi } from '~/shared/api/admin-donors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { donorMerged, donorRecordList, type DonorMergeInput } from '~/shared/schemas/donor-records';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

/**
 * Donor records (ADR 053): a gift's (`gift`), by part of a name or email (`search`), or those of
 * one name (`name`, with `address` first). Nothing is asked while the query is empty.
 */
export function useDonorRecords(query: Record<string, string>, enabled = true) {
  const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v.trim()));
  return useQuery({
    queryKey: ['admin', 'donor-records', params.toString()],
    queryFn: () => adminRequest(adminDonorsApi.records, donorRecordList, { query: params }),
    enabled: enabled && params.size > 0,
  });
}

/** `POST /api/admin/donors/:id/merge`: record `id` is the same person as `into`. */
export function useMergeDonors() {
  const { csrfToken } = useAdminSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: DonorMergeInput & { id: string }) =>
      adminRequest(adminDonorsApi.merge, donorMerged, {
        params: { id },
        body,
        csrfToken,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
