import { useEffect } from 'react';
import siteConfig from '~/client/lib/site-config';
import type { CampaignScreenData } from '~/shared/schemas/campaigns';
import { useServerPageData } from '~/client/app/page-data';
import NotFoundPage from './not-found-page';
import { useCampaignFeed } from '~/client/features/campaigns/api/use-campaign-feed';
import { EmbedThermometer } from '~/client/features/campaigns/components/embed-thermometer';

function LiveEmbed({ campaign: initial, pageUrl }: CampaignScreenData) {
  const campaign = useCampaignFeed(initial.slug, initial);
  // The campaign's name, as the server wrote it (the route's own title is generic).
  useEffect(() => {
    document.title = `${campaign.title} | ${siteConfig.product}`;
  }, [campaign.title]);
  return <EmbedThermometer campaign={campaign} pageUrl={pageUrl} />;
}

/** /campaign/:slug/embed: the thermometer other sites frame, live from the campaign's feed. */
export default function CampaignEmbedPage() {
  const data = useServerPageData<CampaignScreenData | { notFound: true }>();
  if (!data || 'notFound' in data) return <NotFoundPage />;
  return <LiveEmbed {...data} />;
}
