import { useEffect, useRef } from 'react';
import type { CampaignView } from '~/client/features/campaigns/lib/campaign-view';
import { buttonClass } from '~/client/components/ui/button';
import { Thermometer } from './thermometer';

/** The message the embed sends its frame's parent: only its height, nothing of the visitor's. */
export const EMBED_HEIGHT_MESSAGE = 'tziyun-campaign-height';

/**
 * The thermometer another site frames: the figures and a "Give" link that opens the campaign's
 * page in a new tab (a gift is never taken inside someone else's page). It tells the frame's
 * parent its height, so /campaign-embed.js sizes the frame to it.
 */
export function EmbedThermometer({
  campaign,
  pageUrl,
}: {
  campaign: CampaignView;
  pageUrl: string;
}) {
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element || window.parent === window) return;
    const send = () =>
      window.parent.postMessage(
        {
          type: EMBED_HEIGHT_MESSAGE,
          slug: campaign.slug,
          height: Math.ceil(element.getBoundingClientRect().height),
        },
        // Only a height: any parent may read it; the script checks where it came from.
        '*',
      );
    send();
    const observer = new ResizeObserver(send);
    observer.observe(element);
    return () => observer.disconnect();
  }, [campaign.slug]);
  return (
    <main ref={root} className="flex flex-col gap-3 p-2">
      <h1 className="font-display text-xl font-semibold text-navy-950">{campaign.title}</h1>
      <Thermometer {...campaign} />
      <a
        href={pageUrl}
        target="_blank"
        rel="noopener"
        className={buttonClass('primary', 'w-full text-lg')}
      >
        Give<span className="sr-only"> (opens the campaign page in a new tab)</span>
      </a>
    </main>
  );
}
