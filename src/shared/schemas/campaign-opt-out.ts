import { manageGiftQuery } from './manage-gift';

/**
 * "Don't ask me again for this campaign", from a campaign gift's receipt
 * (`/donate/opt-out?token=…`): the page names the campaign, and its button (a plain form posted
 * to the page) records the wish. The token is the receipt's, signed, and expires.
 */
export const campaignOptOutInput = manageGiftQuery;

/** The page as the server renders it: the campaign the link names, or why it names none. */
export type CampaignOptOutPageData =
  { campaignTitle: string; optedOut: boolean } | { problem: string };

export const campaignOptOutMessages = {
  recorded:
    'Done. We have told the office and the team leaders not to ask you again for this campaign. Your gift and its receipt stay as they are.',
  already: 'You had already asked not to be asked again for this campaign. Nothing more is needed.',
  invalid: 'This link is not valid. You can write to the office instead, and they will note it.',
  expired: 'This link has expired. You can write to the office instead, and they will note it.',
  unknown: 'We could not find the gift this link is for. You can write to the office instead.',
};
