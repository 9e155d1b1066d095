import { urlOf } from '~/shared/route';
import { campaignsApi } from '~/shared/api/campaigns';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { defaultShareText } from '~/shared/campaign-share';
import { leaderboardKeyOf } from '~/shared/team-leaderboard';
import { checkoutMethods, type CheckoutMethod } from '~/shared/domain';
import type { CampaignPageData } from '~/shared/schemas/campaigns';
import { useServerPageData } from '~/client/app/page-data';
import siteConfig from '~/client/lib/site-config';
import NotFoundPage from './not-found-page';
import { PageHeader } from '~/client/components/layout/page-header';
import { buttonClass } from '~/client/components/ui/button';
import { useCampaignFeed } from '~/client/features/campaigns/api/use-campaign-feed';
import { CampaignStory } from '~/client/features/campaigns/components/campaign-story';
import { CampaignBanner } from '~/client/features/campaigns/components/campaign-banner';
import { Countdown } from '~/client/features/campaigns/components/countdown';
import { DonorWall } from '~/client/features/campaigns/components/donor-wall';
import { AmbassadorForm } from '~/client/features/campaigns/components/ambassador-form';
import { GiftForm } from '~/client/features/campaigns/components/gift-form';
import { Leaderboard } from '~/client/features/campaigns/components/leaderboard';
import { Matchers } from '~/client/features/campaigns/components/matchers';
import { ShareButtons } from '~/client/features/campaigns/components/share-buttons';
import { Thermometer } from '~/client/features/campaigns/components/thermometer';
import type { CampaignView } from '~/client/features/campaigns/lib/campaign-view';
import { giftClosedReason } from '~/client/features/campaigns/lib/gift-closed';

export interface CampaignPageProps {
  /** The snapshot the server rendered the page with; the live feed moves it on. */
  campaign: CampaignView;
  /** When the server rendered the page (ISO 8601): the countdown's first render counts from it. */
  renderedAt: string;
  /** The payment methods set up for gifts; both by default. */
  methods?: readonly CheckoutMethod[];
  /** What the share buttons send. */
  share: CampaignPageData['share'];
}

/**
 * /campaign/:slug: the thermometer and the gift button first (what a phone shows first), the
 * countdown, the matchers, the story, the gift form and the donor wall. Readable and its form
 * usable without JavaScript; with it, the figures follow the campaign's live feed.
 */
export function CampaignPage({ campaign: initial, renderedAt, methods, share }: CampaignPageProps) {
  const campaign = useCampaignFeed(initial.slug, initial);
  const open = giftClosedReason(campaign) === null;
  // `?team=` credits the gift to an approved team (a team's link); `?board=` orders the teams.
  const query = new URLSearchParams(useSearch());
  const team = campaign.teams.find((t) => t.slug === query.get('team'));
  const board = leaderboardKeyOf(query.get('board'));
  return (
    <>
      <PageHeader title={campaign.title}>
        {campaign.fund ? <p>{`For: ${campaign.fund}`}</p> : null}
      </PageHeader>
      {campaign.photo ? (
        <CampaignBanner image={campaign.photo} maxHeightClass="max-h-[28rem]" />
      ) : null}
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 lg:grid lg:grid-cols-[3fr_2fr] lg:items-start">
        <div className="flex flex-col gap-4 lg:col-start-2 lg:row-start-1">
          <Thermometer {...campaign} />
          {open ? (
            <a href="#give" className={buttonClass('primary', 'w-full text-lg lg:hidden')}>
              Give now
            </a>
          ) : null}
          <Countdown {...campaign} renderedAt={renderedAt} />
          <ShareButtons title={campaign.title} text={share.text} pageUrl={share.pageUrl} />
        </div>
        <div className="flex flex-col gap-10 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Matchers matchers={campaign.matchers} ended={campaign.state === 'ended'} />
          <CampaignStory story={campaign.story} />
        </div>
        <div className="lg:col-start-2 lg:row-start-2">
          <GiftForm
            campaign={campaign}
            methods={methods}
            {...(team ? { team: { slug: team.slug, name: team.name } } : {})}
          />
        </div>
        <div className="flex flex-col gap-10 lg:col-start-1 lg:row-start-3">
          <Leaderboard
            campaignSlug={campaign.slug}
            teams={campaign.teams}
            groups={campaign.groups}
            board={board}
            {...(team ? { creditedTeam: team.slug } : {})}
          />
          <DonorWall wall={campaign.wall} />
        </div>
        {campaign.state !== 'ended' ? (
          <div className="lg:col-start-2 lg:row-start-3">
            <AmbassadorForm />
          </div>
        ) : null}
      </div>
    </>
  );
}

type Loaded =
  { phase: 'loading' } | { phase: 'missing' } | { phase: 'ready'; data: CampaignPageData };

/**
 * The route's page: the server's data on a full load; opened inside the app (no server data), the
 * campaign's snapshot from its API. A draft or unknown campaign is the 404 page.
 */
export default function CampaignRoutePage() {
  // Nested under /campaign: the location here is "/<slug>".
  const [location] = useLocation();
  const slug = decodeURIComponent(location.replace(/^\/+/, '').split('/')[0] ?? '');
  const fromServer = useServerPageData<CampaignPageData | { notFound: true }>();
  const [loaded, setLoaded] = useState<Loaded>(() => {
    if (!fromServer) return { phase: 'loading' };
    return 'notFound' in fromServer ? { phase: 'missing' } : { phase: 'ready', data: fromServer };
  });
  useEffect(() => {
    if (fromServer) return;
    let live = true;
    fetch(urlOf(campaignsApi.snapshot, { params: { slug } })).then(
      async (response) => {
        if (!live) return;
        if (!response.ok) return setLoaded({ phase: 'missing' });
        const campaign = (await response.json()) as CampaignView;
        setLoaded({
          phase: 'ready',
          data: {
            campaign,
            renderedAt: new Date().toISOString(),
            methods: [...checkoutMethods],
            // Opened inside the app: the office's message comes with the server's page only.
            share: {
              text: defaultShareText(campaign.title),
              pageUrl: `${window.location.origin}/campaign/${encodeURIComponent(campaign.slug)}`,
            },
          },
        });
      },
      () => live && setLoaded({ phase: 'missing' }),
    );
    return () => {
      live = false;
    };
    // The server's data is for this campaign; another is fetched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug]);
  const title = loaded.phase === 'ready' ? loaded.data.campaign.title : null;
  const missing = loaded.phase === 'missing';
  useEffect(() => {
    if (title) document.title = `${title} | ${siteConfig.product}`;
    if (missing) document.title = `404 Page Not Found | ${siteConfig.product}`;
  }, [title, missing]);
  if (missing) return <NotFoundPage />;
  if (loaded.phase === 'loading') {
    return (
      <p role="status" className="mx-auto max-w-xl px-4 py-24 text-center text-lg">
        Loading the campaign...
      </p>
    );
  }
  return <CampaignPage {...loaded.data} />;
}
