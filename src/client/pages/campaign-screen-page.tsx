import { useEffect } from 'react';
import { useParams } from 'wouter';
import siteConfig from '~/client/lib/site-config';
import type { CampaignScreenData } from '~/shared/schemas/campaigns';
import { useServerPageData } from '~/client/app/page-data';
import NotFoundPage from './not-found-page';
import { useScreenFeed } from '~/client/features/campaigns/api/use-screen-feed';
import { CampaignScreen } from '~/client/features/campaigns/components/campaign-screen';

function LiveScreen({ campaign: initial, renderedAt }: CampaignScreenData) {
  const { campaign, status } = useScreenFeed(initial.slug, initial);
  // The campaign's name, as the server wrote it (the route's own title is generic).
  useEffect(() => {
    document.title = `${campaign.title}: on screen | ${siteConfig.product}`;
  }, [campaign.title]);
  return <CampaignScreen campaign={campaign} renderedAt={renderedAt} status={status} />;
}

/**
 * /campaign/:slug/screen: the campaign for a projector, rendered on the server with its snapshot
 * (readable before any script runs) and live from the feed after. Opened any other way than from
 * the server it says where to find it.
 */
export default function CampaignScreenPage() {
  const { slug } = useParams<{ slug: string }>();
  const data = useServerPageData<CampaignScreenData | { notFound: true }>();
  if (!data || 'notFound' in data) return <NotFoundPage />;
  return <LiveScreen key={slug} {...data} />;
}
