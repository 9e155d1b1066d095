/**
 * What a campaign's share buttons send: the office's message (or one made from the title) with
 * the page's address, as plain links that work without JavaScript. WhatsApp's `api.whatsapp.com`
 * link (not `wa.me`'s redirect) keeps the link's preview, the share image with the live total.
 */

/** The message when the office wrote none. */
export function defaultShareText(title: string): string {
  return `Join me in giving to ${title}. Every gift moves the thermometer:`;
}

/** A team's page: its link credits the team, and its preview is the team's share image. */
export function teamPagePath(campaignSlug: string, teamSlug: string): string {
  return `/campaign/${encodeURIComponent(campaignSlug)}/team/${encodeURIComponent(teamSlug)}`;
}

/**
 * A team's message: the office's for the campaign, headed by the team's name so the reader knows
 * whose link it is, or one naming the team and the campaign.
 */
export function teamShareText(
  officeText: string | null,
  campaignTitle: string,
  teamName: string,
): string {
  if (officeText) return `${teamName}: ${officeText}`;
  return `Join me in giving to ${campaignTitle} through ${teamName}. Every gift moves our team's thermometer:`;
}

export interface ShareLinks {
  whatsapp: string;
  sms: string;
  email: string;
}

/** The share buttons' addresses for a message and the page's address. */
export function shareLinks(message: string, pageUrl: string, title: string): ShareLinks {
  const text = `${message} ${pageUrl}`;
  return {
    whatsapp: `https://api.whatsapp.com/send?text=${encodeURIComponent(text)}`,
    // `sms:?&body=` is the form both iOS and Android read.
    sms: `sms:?&body=${encodeURIComponent(text)}`,
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${message}\n\n${pageUrl}`)}`,
  };
}
