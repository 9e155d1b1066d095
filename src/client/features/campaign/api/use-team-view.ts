import { useEffect, useState } from 'react';
import { urlOf } from '~/shared/route';
import { campaignsApi } from '~/shared/api/campaigns';
import type { CampaignTeamView } from '~/shared/schemas/campaigns';
import type { CampaignView } from '~/client/features/campaign/lib/campaign-view';

/**
 * The team's standing and wall as the campaign's live feed moves: the standing comes with each
 * snapshot; the wall and the photo are read again (`campaignsApi.team`) when the snapshot's
 * version moves past the one shown.
 */
export function useTeamView(campaign: CampaignView, initial: Omit<CampaignTeamView, 'version'>) {
  const [view, setView] = useState({ ...initial, version: campaign.version });
  // The snapshot's standing moves with each gift; the photo comes with the team's view only.
  const standing = campaign.teams.find((t) => t.slug === initial.team.slug);
  const team = standing ? { ...standing, photo: view.team.photo } : view.team;
  useEffect(() => {
    if (campaign.version <= view.version) return;
    let live = true;
    const url = urlOf(campaignsApi.team, {
      params: { slug: campaign.slug, team: initial.team.slug },
    });
    fetch(url).then(
      async (response) => {
        if (!live || !response.ok) return;
        const next = (await response.json()) as CampaignTeamView;
        if (live) setView((shown) => (next.version > shown.version ? next : shown));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [campaign.slug, campaign.version, initial.team.slug, view.version]);
  return { team, wall: view.wall };
}
