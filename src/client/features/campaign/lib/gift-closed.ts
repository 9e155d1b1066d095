import type { CampaignView } from './campaign-view';
import { dateAt, weekdayAt } from './campaign-format';

/** Why the campaign takes no gift now, in a plain sentence; null while it takes them. */
export function giftClosedReason(
  campaign: Pick<CampaignView, 'state' | 'startsAt' | 'resumesAt'>,
): string | null {
  switch (campaign.state) {
    case 'live':
    case 'open':
      return null;
    case 'before':
      return `Gifts open when the campaign starts, ${dateAt(campaign.startsAt)}.`;
    case 'paused':
      return campaign.resumesAt
        ? `The campaign is paused for Shabbat. Gifts open again ${weekdayAt(campaign.resumesAt)}.`
        : 'The campaign is paused for Shabbat. Gifts open again after Shabbat.';
    case 'ended':
      return 'The campaign has ended and takes no more gifts. Thank you to everyone who gave.';
  }
}
