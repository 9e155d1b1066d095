import { pauseName } from '~/shared/campaign-clock';
import type { CampaignView } from './campaign-view';
import { dateAt, weekdayAt } from './campaign-format';

/** Why the campaign takes no gift now, in a plain sentence; null while it takes them. */
export function giftClosedReason(
  campaign: Pick<CampaignView, 'state' | 'startsAt' | 'resumesAt' | 'pauses'>,
): string | null {
  switch (campaign.state) {
    case 'live':
    case 'open':
      return null;
    case 'before':
      return `Gifts open when the campaign starts, ${dateAt(campaign.startsAt)}.`;
    case 'paused': {
      const pause = campaign.pauses.find((p) => p.end === campaign.resumesAt);
      const name = pauseName(pause?.kind ?? 'shabbat');
      return campaign.resumesAt
        ? `The campaign is paused for ${name}. Gifts open again ${weekdayAt(campaign.resumesAt)}.`
        : `The campaign is paused for ${name}. Gifts open again after ${name}.`;
    }
    case 'ended':
      return 'The campaign has ended and takes no more gifts. Thank you to everyone who gave.';
  }
}
