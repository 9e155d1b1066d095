import { urlOf } from '~/shared/route';
import { campaignsApi } from '~/shared/api/campaigns';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CampaignView } from '~/client/features/campaigns/lib/campaign-view';
import {
  STALE_MS,
  connectionWords,
  nextAgoChangeIn,
} from '~/client/features/campaigns/lib/screen-connection';
import { useCampaignFeed } from './use-campaign-feed';

/** How long a lost connection stays silent before the screen says it is reconnecting. */
export const QUIET_MS = 8_000;
/** How often a lost connection is tried again. */
export const RETRY_MS = 5_000;
/**
 * How long the screen waits without a word from the server before asking for the snapshot
 * itself. An open stream is silent between gifts (its keep-alive is a comment the page never
 * sees), and one cut off behind a hall's Wi-Fi may never report an error: this check finds out.
 */
export const CHECK_MS = STALE_MS;

/**
 * The campaign for a screen left running for hours in a hall: the live feed, and while the
 * network or the server is gone the last figures stay up. Once the browser is back online the
 * snapshot is asked for at once (not at the feed's next poll), so the screen picks up again
 * within seconds. `status` says "Reconnecting…" only after the connection has been lost for a
 * while, and how old the figures are once they are older than STALE_MS; it is empty again as soon
 * as the server answers.
 */
export function useScreenFeed(slug: string, initial: CampaignView) {
  const [fresh, setFresh] = useState(initial);
  const [lostSince, setLostSince] = useState<number | null>(null);
  // The loss the screen has waited out (its start), so a new loss waits again.
  const [waitedOut, setWaitedOut] = useState<number | null>(null);
  const [heardAt, setHeardAt] = useState(() => Date.now());
  const [failed, setFailed] = useState(false);
  const heard = useCallback(() => {
    setHeardAt(Date.now());
    setFailed(false);
    setLostSince(null);
  }, []);
  const notHeard = useCallback(() => setFailed(true), []);
  const campaign = useCampaignFeed(slug, fresh, { onContact: heard, onFailure: notHeard });
  const shown = useRef(campaign.version);
  useEffect(() => {
    shown.current = campaign.version;
  });
  const refreshNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const refresh = async () => {
      clearTimeout(retry);
      try {
        const response = await fetch(urlOf(campaignsApi.snapshot, { params: { slug } }), {
          cache: 'no-store',
          signal: AbortSignal.timeout(RETRY_MS * 2),
        });
        if (!response.ok) throw new Error(`status ${response.status}`);
        const next = (await response.json()) as CampaignView;
        if (!live) return;
        if (next.version > shown.current) setFresh(next);
        heard();
      } catch {
        if (!live) return;
        notHeard();
        retry = setTimeout(() => void refresh(), RETRY_MS);
      }
    };
    refreshNow.current = () => void refresh();
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
  }, [slug, heard, notHeard]);

  // Quiet for CHECK_MS: is the server still there?
  useEffect(() => {
    const timer = setTimeout(() => refreshNow.current(), heardAt + CHECK_MS - Date.now());
    return () => clearTimeout(timer);
  }, [heardAt]);

  useEffect(() => {
    if (lostSince === null) return;
    const timer = setTimeout(
      () => setWaitedOut(lostSince),
      Math.max(0, lostSince + QUIET_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [lostSince]);

  const now = useAgeClock(failed || lostSince !== null, heardAt);
  const offline = lostSince !== null && waitedOut === lostSince;
  return { campaign, status: connectionWords({ offline, failed, heardAt, now }) };
}

/** The time now, moved on each whole minute since `heardAt` while `watching`. */
function useAgeClock(watching: boolean, heardAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!watching) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      timer = setTimeout(tick, nextAgoChangeIn(current - heardAt));
    };
    tick();
    return () => clearTimeout(timer);
  }, [watching, heardAt]);
  return now;
}
