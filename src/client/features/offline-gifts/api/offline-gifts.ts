import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignList } from '~/shared/schemas/campaigns';
import {
  offlineGiftCreated,
  offlineGiftList,
  type OfflineGiftEditInput,
  type OfflineGiftInput,
  type OfflineGiftVoidInput,
} from '~/shared/schemas/offline-gifts';
import { toApiError } from '~/client/lib/api';
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

/** `POST /api/admin/offline-gifts/:id/clear`: a campaign gift's money is in. */
export const useClearOfflineGift = (id: string) =>
  useLedgerWrite<undefined>(`/api/admin/offline-gifts/${id}/clear`, 'POST');

/** The published campaigns a gift the office received may belong to (`GET /api/admin/campaigns`). */
export function usePublishedCampaigns() {
  return useQuery({
    queryKey: [...adminQueryKey, 'campaigns'],
    queryFn: () => adminRequest('/api/admin/campaigns', campaignList),
    select: (data) => data.campaigns.filter((c) => c.status === 'published'),
  });
}

/** Where the office sees a gift's photo of its cheque or voucher (admins only, never cached). */
export const giftPhotoUrl = (id: string) => `/api/admin/offline-gifts/${id}/photo`;

/**
 * `POST /api/admin/offline-gifts/:id/photo`: the photo of the cheque or voucher (multipart, field
 * `file`), in place of any earlier one. Sent after the gift is recorded, so a photo the server
 * refuses never loses the gift.
 */
export function useUploadGiftPhoto() {
  const { csrfToken } = useAdminSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      const response = await fetch(giftPhotoUrl(id), {
        method: 'POST',
        credentials: 'include',
        headers: { accept: 'application/json', 'x-csrf-token': csrfToken },
        body: form,
      });
      if (!response.ok) throw await toApiError(response);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: giftsKey }),
  });
}
