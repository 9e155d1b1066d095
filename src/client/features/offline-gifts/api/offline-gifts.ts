import { methodOf, urlOf } from '~/shared/route';
import { campaignsApi } from '~/shared/api/campaigns';
import { offlineGiftsApi } from '~/shared/api/offline-gifts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignList } from '~/shared/schemas/campaigns';
import { adminTeamList } from '~/shared/schemas/campaign-teams';
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
    queryFn: () => adminRequest(offlineGiftsApi.list, offlineGiftList),
  });
}

/**
 * A write to the ledger: afterwards the list, and every total the gift counts in (the donor
 * table, the dashboard, the statements), are read again.
 */
function useLedgerWrite<B, A>(write: (body: B, csrfToken: string) => Promise<A>) {
  const { csrfToken } = useAdminSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => write(body, csrfToken),
    onSuccess: () => client.invalidateQueries({ queryKey: adminQueryKey }),
  });
}

/** `POST /api/admin/offline-gifts`: a gift the office received another way, with its receipt number. */
export const useRecordOfflineGift = () =>
  useLedgerWrite((body: OfflineGiftInput, csrfToken) =>
    adminRequest(offlineGiftsApi.create, offlineGiftCreated, { body, csrfToken }),
  );

/** `PUT /api/admin/offline-gifts/:id`: the gift corrected, and why. */
export const useEditOfflineGift = (id: string) =>
  useLedgerWrite((body: OfflineGiftEditInput, csrfToken) =>
    adminRequest(offlineGiftsApi.update, offlineGiftCreated, { params: { id }, body, csrfToken }),
  );

/** `POST /api/admin/offline-gifts/:id/void`: the gift voided, and why. */
export const useVoidOfflineGift = (id: string) =>
  useLedgerWrite((body: OfflineGiftVoidInput, csrfToken) =>
    adminRequest(offlineGiftsApi.void, offlineGiftCreated, { params: { id }, body, csrfToken }),
  );

/** `POST /api/admin/offline-gifts/:id/clear`: a campaign gift's money is in. */
export const useClearOfflineGift = (id: string) =>
  useLedgerWrite((body: undefined, csrfToken) =>
    adminRequest(offlineGiftsApi.clear, offlineGiftCreated, { params: { id }, body, csrfToken }),
  );

/** The published campaigns a gift the office received may belong to (`GET /api/admin/campaigns`). */
export function usePublishedCampaigns() {
  return useQuery({
    queryKey: [...adminQueryKey, 'campaigns'],
    queryFn: () => adminRequest(campaignsApi.list, campaignList),
    select: (data) => data.campaigns.filter((c) => c.status === 'published'),
  });
}

/**
 * The approved teams of a campaign a gift may be credited to (`GET /api/admin/campaigns/:id/teams`,
 * the Campaigns section's own query); nothing asked before a campaign is chosen.
 */
export function useApprovedTeams(campaignId: string | undefined) {
  return useQuery({
    queryKey: [...adminQueryKey, 'campaigns', campaignId, 'teams'],
    queryFn: () => adminRequest(campaignsApi.teams, adminTeamList, { params: { id: campaignId! } }),
    enabled: Boolean(campaignId),
    select: (data) => data.teams.filter((team) => team.status === 'approved'),
  });
}

/** Where the office sees a gift's photo of its cheque or voucher (admins only, never cached). */
export const giftPhotoUrl = (id: string) => urlOf(offlineGiftsApi.photo, { params: { id } });

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
      const response = await fetch(urlOf(offlineGiftsApi.uploadPhoto, { params: { id } }), {
        method: methodOf(offlineGiftsApi.uploadPhoto),
        credentials: 'include',
        headers: { accept: 'application/json', 'x-csrf-token': csrfToken },
        body: form,
      });
      if (!response.ok) throw await toApiError(response);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: giftsKey }),
  });
}
