import { urlOf } from '~/shared/route';
import { campaignsApi } from '~/shared/api/campaigns';
import { useEffect, useRef, useState } from 'react';
import type { CampaignView } from '~/client/features/campaign/lib/campaign-view';
import { useCampaignFeed } from './use-campaign-feed';

/** How long a lost connection stays silent before the screen says it is reconnecting. */
export const QUIET_MS = 8_000;
/** How often a lost connection is tried again. */
export const RETRY_MS = 5_000;

/**
 * The campaign for a screen left running for hours in a hall: the live feed, and while the
 * network is gone the last figures stay up. Once the browser is back online the snapshot is asked
 * for at once (not at the feed's next poll), so the screen picks up again within seconds.
 * `reconnecting` turns true only after the connection has been lost for a while.
 */
export function useScreenFeed(slug: string, initial: CampaignView) {
  const [fresh, setFresh] = useState(initial);
  const campaign = useCampaignFeed(slug, fresh);
  const [lostSince, setLostSince] = useState<number | null>(null);
  // The loss the screen has waited out (its start), so a new loss waits again.
  const [waitedOut, setWaitedOut] = useState<number | null>(null);
  const shown = useRef(campaign.version);
  useEffect(() => {
    shown.current = campaign.version;
  });

  useEffect(() => {
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const refresh = async () => {
      clearTimeout(retry);
      try {
        const response = await fetch(urlOf(campaignsApi.snapshot, { params: { slug } }), {
          cache: 'no-store',
        });
        if (!response.ok) throw new Error(`status ${response.status}`);
        const next = (await response.json()) as CampaignView;
        if (!live) return;
        if (next.version > shown.current) setFresh(next);
        setLostSince(null);
      } catch {
        if (!live) return;
        setLostSince((since) => since ?? Date.now());
        retry = setTimeout(() => void refresh(), RETRY_MS);
      }
    };
    const lost = () => setLostSince((since) => since ?? Date.now());
    const back = () => void refresh();
    window.addEventListener('offline', lost);
    window.addEventListener('online', back);
    if (!navigator.onLine) lost();
    return () => {
      live = false;
      clearTimeout(retry);
      window.removeEventListener('offline', lost);
      window.removeEventListener('online', back);
    };
  }, [slug]);

  useEffect(() => {
    if (lostSince === null) return;
    const timer = setTimeout(
      () => setWaitedOut(lostSince),
      Math.max(0, lostSince + QUIET_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [lostSince]);

  return { campaign, reconnecting: lostSince !== null && waitedOut === lostSince };
}
