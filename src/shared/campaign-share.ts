/**
 * What a campaign's share buttons send: the office's message (or one made from the title) with
 * the page's address, as plain links that work without JavaScript. WhatsApp's `api.whatsapp.com`
 * link (not `wa.me`'s redirect) keeps the link's preview, the share image with the live total.
 */

/** The message when the office wrote none. */
export function defaultShareText(title: string): string {
  return `Join me in giving to ${title}. Every gift moves the thermometer:`;
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
