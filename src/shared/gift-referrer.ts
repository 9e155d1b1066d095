/**
 * Where a campaign gift came from: the `utm_*` parameters of the campaign page's address (a
 * WhatsApp group's link, a mail's), carried through the checkout onto the donation so the office
 * sees which link brought which gifts. Anyone can write them into an address, so they are
 * cleaned, never checked: a gift is never refused for its link.
 */
export interface GiftReferrer {
  source?: string;
  medium?: string;
  campaign?: string;
  content?: string;
}

export const referrerParts = ['source', 'medium', 'campaign', 'content'] as const;
export type ReferrerPart = (typeof referrerParts)[number];

/** The longest value kept (the database's check says the same). */
export const REFERRER_MAX = 100;

/** The address's name of each part. */
export const referrerQueryName: Record<ReferrerPart, string> = {
  source: 'utm_source',
  medium: 'utm_medium',
  campaign: 'utm_campaign',
  content: 'utm_content',
};

/**
 * A value as kept: control and format characters (line breaks, tabs, right-to-left overrides,
 * zero-width marks) become spaces, runs of spaces one, trimmed, at most `REFERRER_MAX`
 * characters; blank is none.
 */
export function cleanReferrerValue(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const cleaned = value
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // Cut by code points so a character outside the BMP is never split in half.
  const cut = Array.from(cleaned).slice(0, REFERRER_MAX).join('').trim();
  return cut === '' ? undefined : cut;
}

/** A referrer with each part cleaned, or null when no part is left. */
export function cleanReferrer(input: Partial<Record<ReferrerPart, unknown>> | null | undefined) {
  if (!input) return null;
  const referrer: GiftReferrer = {};
  for (const part of referrerParts) {
    const value = cleanReferrerValue(input[part]);
    if (value) referrer[part] = value;
  }
  return Object.keys(referrer).length > 0 ? referrer : null;
}

/** The referrer an address's query names (`utm_source=…`), or null. */
export function referrerOfQuery(params: URLSearchParams): GiftReferrer | null {
  return cleanReferrer(
    Object.fromEntries(referrerParts.map((part) => [part, params.get(referrerQueryName[part])])),
  );
}

/** Writes a referrer's parts into a query under their `utm_*` names. */
export function setReferrerQuery(query: URLSearchParams, referrer: GiftReferrer | undefined) {
  for (const part of referrerParts) {
    const value = referrer?.[part];
    if (value) query.set(referrerQueryName[part], value);
  }
}
