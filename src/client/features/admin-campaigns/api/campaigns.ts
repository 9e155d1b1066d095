import { urlOf } from '~/shared/route';
import { campaignsApi } from '~/shared/api/campaigns';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignAnalytics } from '~/shared/schemas/campaign-analytics';
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
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

const campaignsKey = ['admin', 'campaigns'] as const;

/** `GET /api/admin/campaigns`: every campaign, with its computed end and pauses. */
export function useCampaignsQuery() {
  return useQuery({
    queryKey: campaignsKey,
    queryFn: () => adminRequest(campaignsApi.list, campaignList),
  });
}

/** `POST /api/admin/campaigns` for a new one, `PUT /api/admin/campaigns/:id` for an edit. */
export function useSaveCampaign() {
  const { csrfToken } = useAdminSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, campaign }: { id: string | null; campaign: CampaignInput }) =>
      id
        ? adminRequest(campaignsApi.update, campaignSaved, {
            params: { id },
            body: campaign,
            csrfToken,
          })
        : adminRequest(campaignsApi.create, campaignSaved, { body: campaign, csrfToken }),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignsKey }),
  });
}

/** A photo as the office's photo routes take it: multipart, one field `file`. */
function photoForm(file: File) {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/** `POST /api/admin/campaigns/:id/photo`: the photo as the page shows it. */
export function useUploadCampaignPhoto(id: string) {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (file: File) =>
      adminRequest(campaignsApi.uploadPhoto, campaignPhotoSaved, {
        params: { id },
        body: photoForm(file),
        csrfToken,
      }),
  });
}

/** Where the office downloads a campaign's gifts as CSV (a plain link). */
export const campaignGiftsCsvUrl = (id: string) => urlOf(campaignsApi.giftsCsv, { params: { id } });

/** `GET /api/admin/campaigns/:id/thank-you`: how many a press would reach now. */
export const readThankYouReach = (id: string) =>
  adminRequest(campaignsApi.thankYouReach, thankYouReach, { params: { id } });

/** `POST /api/admin/campaigns/:id/thank-you`: the office's message to each donor, once. */
export function useSendThankYou(id: string) {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (body: ThankYouInput) =>
      adminRequest(campaignsApi.sendThankYou, thankYouSent, {
        params: { id },
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
      adminRequest(campaignsApi.dedications, campaignDedications, {
        params: { id },
        query: { date: date || undefined },
      }),
  });
}

/** `GET /api/admin/campaigns/:id/analytics`: the campaign's figures for the office. */
export function useCampaignAnalyticsQuery(id: string) {
  return useQuery({
    queryKey: [...campaignsKey, id, 'analytics'],
    queryFn: () => adminRequest(campaignsApi.analytics, campaignAnalytics, { params: { id } }),
  });
}

const teamsKey = (id: string) => ['admin', 'campaigns', id, 'teams'] as const;

/** `GET /api/admin/campaigns/:id/teams`: every team of the campaign, each status, with its figures. */
export function useTeamsQuery(campaignId: string) {
  return useQuery({
    queryKey: teamsKey(campaignId),
    queryFn: () => adminRequest(campaignsApi.teams, adminTeamList, { params: { id: campaignId } }),
  });
}

/** `POST /api/admin/campaigns/:id/teams` for a new team, `PUT …/teams/:teamId` for an edit. */
export function useSaveTeam(campaignId: string) {
  const { csrfToken } = useAdminSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, team }: { id: string | null; team: TeamInput }) =>
      id
        ? adminRequest(campaignsApi.updateTeam, adminTeamSaved, {
            params: { id: campaignId, teamId: id },
            body: team,
            csrfToken,
          })
        : adminRequest(campaignsApi.createTeam, adminTeamSaved, {
            params: { id: campaignId },
            body: team,
            csrfToken,
          }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamsKey(campaignId) }),
  });
}

/** `POST /api/admin/campaigns/:id/teams/:teamId/photo`: the photo as the team's page shows it. */
export function useUploadTeamPhoto(campaignId: string, teamId: string) {
  const { csrfToken } = useAdminSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      adminRequest(campaignsApi.uploadTeamPhoto, campaignPhotoSaved, {
        params: { id: campaignId, teamId },
        body: photoForm(file),
        csrfToken,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamsKey(campaignId) }),
  });
}
