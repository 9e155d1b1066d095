import { adminDonorsApi } from '~/shared/api/admin-donors';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { donorRecordList } from '~/shared/schemas/donor-records';
import { adminRequest } from '~/client/lib/admin/admin-request';

/**
 * The donor records of this name (any case), those at this address first (ADR 053): for a gift
 * without email, the office confirms one of them or makes a new record.
 */
export function useDonorSuggestions(name: string, address: string, enabled: boolean) {
  const params = new URLSearchParams({ name: name.trim(), address: address.trim() });
  return useQuery({
    queryKey: ['admin', 'donor-records', params.toString()],
    queryFn: () => adminRequest(adminDonorsApi.records, donorRecordList, { query: params }),
    enabled: enabled && name.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
