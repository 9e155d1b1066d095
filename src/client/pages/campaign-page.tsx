import type { PayMethod } from '~/shared/checkout-link';
import { PageHeader } from '~/client/components/layout/page-header';
import { buttonClass } from '~/client/components/ui/button';
import { useCampaignFeed } from '~/client/features/campaign/api/use-campaign-feed';
import { CampaignStory } from '~/client/features/campaign/components/campaign-story';
import { Countdown } from '~/client/features/campaign/components/countdown';
import { DonorWall } from '~/client/features/campaign/components/donor-wall';
import { GiftForm } from '~/client/features/campaign/components/gift-form';
import { Matchers } from '~/client/features/campaign/components/matchers';
import { Thermometer } from '~/client/features/campaign/components/thermometer';
import type { CampaignView } from '~/client/features/campaign/lib/campaign-view';
import { giftClosedReason } from '~/client/features/campaign/lib/gift-closed';

export interface CampaignPageProps {
  /** The snapshot the server rendered the page with; the live feed moves it on. */
  campaign: CampaignView;
  /** When the server rendered the page (ISO 8601): the countdown's first render counts from it. */
  renderedAt: string;
  /** The payment methods set up for gifts; both by default. */
  methods?: readonly PayMethod[];
}

/**
 * /campaign/:slug: the thermometer and the gift button first (what a phone shows first), the
 * countdown, the matchers, the story, the gift form and the donor wall. Readable and its form
 * usable without JavaScript; with it, the figures follow the campaign's live feed.
 */
export function CampaignPage({ campaign: initial, renderedAt, methods }: CampaignPageProps) {
  const campaign = useCampaignFeed(initial.slug, initial);
  const open = giftClosedReason(campaign) === null;
  return (
    <>
      <PageHeader title={campaign.title} />
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 lg:grid lg:grid-cols-[3fr_2fr] lg:items-start">
        <div className="flex flex-col gap-4 lg:col-start-2 lg:row-start-1">
          <Thermometer {...campaign} />
          {open ? (
            <a href="#give" className={buttonClass('primary', 'w-full text-lg lg:hidden')}>
              Give now
            </a>
          ) : null}
          <Countdown {...campaign} renderedAt={renderedAt} />
        </div>
        <div className="flex flex-col gap-10 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Matchers matchers={campaign.matchers} />
          <CampaignStory story={campaign.story} />
        </div>
        <div className="lg:col-start-2 lg:row-start-2">
          <GiftForm campaign={campaign} methods={methods} />
        </div>
        <div className="lg:col-start-1 lg:row-start-3">
          <DonorWall wall={campaign.wall} />
        </div>
      </div>
    </>
  );
}

export default CampaignPage;
