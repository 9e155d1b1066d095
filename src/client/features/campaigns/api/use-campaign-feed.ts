import { useEffect, useRef, useState } from 'react';
import type { CampaignView } from '~/client/features/campaigns/lib/campaign-view';
import { CampaignFeed, type CampaignFeedOptions } from './campaign-feed';

/** Told when the server answers and when the stream or a poll fails (the projector says so). */
export type FeedWatch = Pick<CampaignFeedOptions, 'onContact' | 'onFailure'>;

/**
 * The campaign as it changes, starting from `initial` (the snapshot the page was rendered with):
 * live from the event stream, polled while the stream is closed (CampaignFeed). Never an older
 * version than the one shown, a newer `initial` included.
 */
export function useCampaignFeed(
  slug: string,
  initial: CampaignView,
  watch?: FeedWatch,
): CampaignView {
  const [latest, setLatest] = useState(initial);
  const shown = initial.version > latest.version ? initial : latest;
  const shownRef = useRef(shown);
  const watchRef = useRef(watch);
  useEffect(() => {
    shownRef.current = shown;
    watchRef.current = watch;
  });

  useEffect(() => {
    const feed = new CampaignFeed({
      slug,
      initial: shownRef.current,
      onChange: setLatest,
      onContact: () => watchRef.current?.onContact?.(),
      onFailure: () => watchRef.current?.onFailure?.(),
    });
    feed.start();
    return () => feed.stop();
  }, [slug]);

  return shown;
}
