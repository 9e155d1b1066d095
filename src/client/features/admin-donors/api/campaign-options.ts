import { campaignsApi } from '~/shared/api/campaigns';
import { useQuery } from '@tanstack/react-query';
import { campaignList } from '~/shared/schemas/campaigns';
import { adminRequest } from '~/client/lib/admin/admin-request';

/** The campaigns the dashboard filters by (`GET /api/admin/campaigns`), drafts left out. */
export function useCampaignOptions() {
  return useQuery({
    queryKey: ['admin', 'campaigns'],
    queryFn: () => adminRequest(campaignsApi.list, campaignList),
    select: (data) =>
      data.campaigns
        .filter((c) => c.status === 'published')
        .map((c) => ({ slug: c.slug, title: c.title })),
  });
}
