import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  offlineGiftCreated,
  offlineGiftList,
  type OfflineGiftEditInput,
  type OfflineGiftInput,
  type OfflineGiftVoidInput,
} from '~/shared/schemas/offline-gifts';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';
import { adminQueryKey } from '~/client/lib/admin/query-client';

const giftsKey = [...adminQueryKey, 'offline-gifts'] as const;

/** `GET /api/admin/offline-gifts`: the latest gifts the office recorded, voided ones marked. */
export function useOfflineGiftsQuery() {
  return useQuery({
    queryKey: giftsKey,
    queryFn: () => adminRequest('/api/admin/offline-gifts', offlineGiftList),
  });
}

/**
 * A write to the ledger: afterwards the list, and every total the gift counts in (the donor
 * table, the dashboard, the statements), are read again.
 */
function useLedgerWrite<B>(url: string, method: 'POST' | 'PUT') {
  const { csrfToken } = useAdminSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => adminRequest(url, offlineGiftCreated, { method, body, csrfToken }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminQueryKey }),
  });
}

/** `POST /api/admin/offline-gifts`: a gift the office received another way, with its receipt number. */
export const useRecordOfflineGift = () =>
  useLedgerWrite<OfflineGiftInput>('/api/admin/offline-gifts', 'POST');

/** `PUT /api/admin/offline-gifts/:id`: the gift corrected, and why. */
export const useEditOfflineGift = (id: string) =>
  useLedgerWrite<OfflineGiftEditInput>(`/api/admin/offline-gifts/${id}`, 'PUT');

/** `POST /api/admin/offline-gifts/:id/void`: the gift voided, and why. */
export const useVoidOfflineGift = (id: string) =>
  useLedgerWrite<OfflineGiftVoidInput>(`/api/admin/offline-gifts/${id}/void`, 'POST');
