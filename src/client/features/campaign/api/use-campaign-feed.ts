import { useEffect, useRef, useState } from 'react';
import type { CampaignView } from '~/client/features/campaign/lib/campaign-view';
import { CampaignFeed } from './campaign-feed';

/**
 * The campaign as it changes, starting from `initial` (the snapshot the page was rendered with):
 * live from the event stream, polled while the stream is closed (CampaignFeed). Never an older
 * version than the one shown, a newer `initial` included.
 */
export function useCampaignFeed(slug: string, initial: CampaignView): CampaignView {
  const [latest, setLatest] = useState(initial);
  const shown = initial.version > latest.version ? initial : latest;
  const shownRef = useRef(shown);
  useEffect(() => {
    shownRef.current = shown;
  });

  useEffect(() => {
    const feed = new CampaignFeed({ slug, initial: shownRef.current, onChange: setLatest });
    feed.start();
    return () => feed.stop();
  }, [slug]);

  return shown;
}
