import { useEffect, useState } from 'react';
import { urlOf } from '~/shared/route';
import { campaignsApi } from '~/shared/api/campaigns';
import type { CampaignTeamView } from '~/shared/schemas/campaigns';
import type { CampaignView } from '~/client/features/campaigns/lib/campaign-view';

/**
 * How long to wait before asking again for a wall that did not come (a failed request) or came
 * from an instance not yet caught up with the snapshot: doubling, then giving up until the next
 * gift moves the version again.
 */
export const TEAM_VIEW_RETRY_MS = [1_000, 2_000, 4_000, 8_000];

/**
 * The team's standing and wall as the campaign's live feed moves: the standing comes with each
 * snapshot; the wall and the photo are read again (`campaignsApi.team`) when the snapshot's
 * version moves past the one shown, and read again after a short wait while the answer is older
 * than that version.
 */
export function useTeamView(campaign: CampaignView, initial: Omit<CampaignTeamView, 'version'>) {
  const [view, setView] = useState({ ...initial, version: campaign.version });
  // The snapshot's standing moves with each gift; the photo comes with the team's view only.
  const standing = campaign.teams.find((t) => t.slug === initial.team.slug);
  const team = standing ? { ...standing, photo: view.team.photo } : view.team;
  useEffect(() => {
    if (campaign.version <= view.version) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retries = 0;
    const url = urlOf(campaignsApi.team, {
      params: { slug: campaign.slug, team: initial.team.slug },
    });
    const later = () => {
      const wait = TEAM_VIEW_RETRY_MS[retries++];
      if (live && wait !== undefined) timer = setTimeout(ask, wait);
    };
    async function ask() {
      try {
        const response = await fetch(url);
        const next = response.ok ? ((await response.json()) as CampaignTeamView) : null;
        if (!live) return;
        // A newer wall is shown even if not yet the latest: this effect then runs again for it.
        if (next && next.version > view.version) setView(next);
        else later();
      } catch {
        later();
      }
    }
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [campaign.slug, campaign.version, initial.team.slug, view.version]);
  return { team, wall: view.wall };
}
