/**
 * Campaign and click tracking added to links by mail, WhatsApp and social sites (`utm_source`,
 * `fbclid`, …). They say where a visitor came from, never what a page shows, so the server keeps
 * one rendering of a public page for all of them (ADR 029) and the browser hydrates it whatever
 * tracking its address carries. The parameters stay in the address bar for whoever reads them.
 */
const trackingNames = new Set([
  'fbclid',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'twclid',
  'ttclid',
  'igshid',
  'mc_cid',
  'mc_eid',
]);

export function isTrackingParam(name: string): boolean {
  return name.toLowerCase().startsWith('utm_') || trackingNames.has(name.toLowerCase());
}

/** A query string (without `?`) with its tracking parameters taken out, the rest as it was. */
export function withoutTracking(search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return '';
  const kept = query.split('&').filter((pair) => {
    const name = pair.split('=', 1)[0] ?? '';
    return !isTrackingParam(safeDecode(name));
  });
  return kept.join('&');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
