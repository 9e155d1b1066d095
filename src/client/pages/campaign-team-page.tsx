import { useEffect } from 'react';
import type { CampaignTeamPageData } from '~/shared/schemas/campaigns';
import { useServerPageData } from '~/client/app/page-data';
import siteConfig from '~/client/lib/site-config';
import NotFoundPage from './not-found-page';
import { PageHeader } from '~/client/components/layout/page-header';
import { buttonClass } from '~/client/components/ui/button';
import { useCampaignFeed } from '~/client/features/campaigns/api/use-campaign-feed';
import { useTeamView } from '~/client/features/campaigns/api/use-team-view';
import { CampaignBanner } from '~/client/features/campaigns/components/campaign-banner';
import { Countdown } from '~/client/features/campaigns/components/countdown';
import { DonorWall } from '~/client/features/campaigns/components/donor-wall';
import { GiftForm } from '~/client/features/campaigns/components/gift-form';
import { ShareButtons } from '~/client/features/campaigns/components/share-buttons';
import { TeamThermometer } from '~/client/features/campaigns/components/team-thermometer';
import { dollars } from '~/client/features/campaigns/lib/campaign-format';
import { giftClosedReason } from '~/client/features/campaigns/lib/gift-closed';

/**
 * /campaign/:slug/team/:team: the team's name, photo and goal, its own thermometer and wall (the
 * gifts given through it, as each donor chose), a gift form that credits it, and share links to
 * the team's page. Readable, giving and sharing without JavaScript; with it, it follows the campaign's live feed.
 */
export function CampaignTeamPage(data: CampaignTeamPageData) {
  const campaign = useCampaignFeed(data.campaign.slug, data.campaign);
  const { team, wall } = useTeamView(campaign, { team: data.team, wall: data.wall });
  const open = giftClosedReason(campaign) === null;
  const campaignHref = `/campaign/${encodeURIComponent(campaign.slug)}`;
  useEffect(() => {
    document.title = `${team.name}: ${campaign.title} | ${siteConfig.product}`;
  }, [team.name, campaign.title]);
  return (
    <>
      <PageHeader title={team.name}>
        <p>
          A team of <a href={campaignHref}>{campaign.title}</a>
          {team.group ? `, with ${team.group}` : ''}
        </p>
      </PageHeader>
      {team.photo ? <CampaignBanner image={team.photo} maxHeightClass="max-h-[24rem]" /> : null}
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 lg:grid lg:grid-cols-[3fr_2fr] lg:items-start">
        <div className="flex flex-col gap-4 lg:col-start-2 lg:row-start-1">
          <TeamThermometer team={team} />
          {open ? (
            <a href="#give" className={buttonClass('primary', 'w-full text-lg lg:hidden')}>
              Give through this team
            </a>
          ) : null}
          <Countdown {...campaign} renderedAt={data.renderedAt} />
          <p className="text-stone-800">
            The whole campaign: {dollars(campaign.raised)} raised of {dollars(campaign.goal)}.{' '}
            <a href={campaignHref} className="text-navy-900 underline underline-offset-2">
              Back to the campaign
            </a>
          </p>
          <ShareButtons
            title={`${team.name}: ${campaign.title}`}
            text={data.share.text}
            pageUrl={data.share.pageUrl}
            heading="Share this team"
          />
        </div>
        <div className="lg:col-start-2 lg:row-start-2">
          <GiftForm
            campaign={campaign}
            methods={data.methods}
            team={{ slug: team.slug, name: team.name }}
          />
        </div>
        <div className="lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <DonorWall wall={wall} />
        </div>
      </div>
    </>
  );
}

/** The route's page: the server's data (a team's page is always loaded from the server). */
export default function CampaignTeamRoutePage() {
  const data = useServerPageData<CampaignTeamPageData | { notFound: true }>();
  if (!data || 'notFound' in data) return <NotFoundPage />;
  return <CampaignTeamPage key={`${data.campaign.slug}/${data.team.slug}`} {...data} />;
}
