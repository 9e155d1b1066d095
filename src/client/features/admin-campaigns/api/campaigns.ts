import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignDedications } from '~/shared/schemas/campaign-dedications';
import {
  campaignList,
  campaignPhotoSaved,
  campaignSaved,
  type CampaignInput,
} from '~/shared/schemas/campaigns';
import {
  thankYouReach,
  thankYouSent,
  type ThankYouInput,
} from '~/shared/schemas/campaign-thank-you';
import { adminTeamList, adminTeamSaved, type TeamInput } from '~/shared/schemas/campaign-teams';
import { readAnswer, toApiError } from '~/client/lib/api';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

const campaignsKey = ['admin', 'campaigns'] as const;

/** `GET /api/admin/campaigns`: every campaign, with its computed end and pauses. */
export function useCampaignsQuery() {
  return useQuery({
    queryKey: campaignsKey,
    queryFn: () => adminRequest('/api/admin/campaigns', campaignList),
  });
}

/** `POST /api/admin/campaigns` for a new one, `PUT /api/admin/campaigns/:id` for an edit. */
export function useSaveCampaign() {
  const { csrfToken } = useAdminSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, campaign }: { id: string | null; campaign: CampaignInput }) =>
      adminRequest(id ? `/api/admin/campaigns/${id}` : '/api/admin/campaigns', campaignSaved, {
        method: id ? 'PUT' : 'POST',
        body: campaign,
        csrfToken,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignsKey }),
  });
}

/** `POST /api/admin/campaigns/:id/photo` (multipart, field `file`): the photo as the page shows it. */
export function useUploadCampaignPhoto(id: string) {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: async (file: File) => {
      const path = `/api/admin/campaigns/${id}/photo`;
      const form = new FormData();
      form.append('file', file);
      const response = await fetch(path, {
        method: 'POST',
        credentials: 'include',
        headers: { accept: 'application/json', 'x-csrf-token': csrfToken },
        body: form,
      });
      if (!response.ok) throw await toApiError(response);
      return readAnswer(path, campaignPhotoSaved, await response.json());
    },
  });
}

/** Where the office downloads a campaign's gifts as CSV (a plain link). */
export const campaignGiftsCsvUrl = (id: string) => `/api/admin/campaigns/${id}/gifts.csv`;

/** `GET /api/admin/campaigns/:id/thank-you`: how many a press would reach now. */
export const readThankYouReach = (id: string) =>
  adminRequest(`/api/admin/campaigns/${id}/thank-you`, thankYouReach);

/** `POST /api/admin/campaigns/:id/thank-you`: the office's message to each donor, once. */
export function useSendThankYou(id: string) {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (body: ThankYouInput) =>
      adminRequest(`/api/admin/campaigns/${id}/thank-you`, thankYouSent, {
        method: 'POST',
        body,
        csrfToken,
      }),
  });
}

/** `GET /api/admin/campaigns/:id/dedications?date=`: a day's dedications, for the Rabbi. */
export function useDayDedicationsQuery(id: string, date: string | undefined) {
  return useQuery({
    queryKey: [...campaignsKey, id, 'dedications', date ?? 'today'],
    queryFn: () =>
      adminRequest(
        `/api/admin/campaigns/${encodeURIComponent(id)}/dedications${
          date ? `?date=${encodeURIComponent(date)}` : ''
        }`,
        campaignDedications,
      ),
  });
}

const teamsKey = (id: string) => ['admin', 'campaigns', id, 'teams'] as const;

/** `GET /api/admin/campaigns/:id/teams`: every team of the campaign, each status, with its figures. */
export function useTeamsQuery(campaignId: string) {
  return useQuery({
    queryKey: teamsKey(campaignId),
    queryFn: () => adminRequest(`/api/admin/campaigns/${campaignId}/teams`, adminTeamList),
  });
}

/** `POST /api/admin/campaigns/:id/teams` for a new team, `PUT …/teams/:teamId` for an edit. */
export function useSaveTeam(campaignId: string) {
  const { csrfToken } = useAdminSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, team }: { id: string | null; team: TeamInput }) =>
      adminRequest(
        `/api/admin/campaigns/${campaignId}/teams${id ? `/${id}` : ''}`,
        adminTeamSaved,
        { method: id ? 'PUT' : 'POST', body: team, csrfToken },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: teamsKey(campaignId) }),
  });
}
