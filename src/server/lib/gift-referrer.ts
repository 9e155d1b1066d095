import {
  cleanReferrer,
  referrerParts,
  referrerQueryName,
  type GiftReferrer,
} from '~/shared/gift-referrer';

/** A donation's referrer columns (`utm_*`, migration 0032). */
export interface ReferrerColumns {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
}

/** The columns of a referrer (cleaned again: a caller may hand it in from anywhere). */
export function referrerColumns(referrer: GiftReferrer | null | undefined): ReferrerColumns {
  const clean = cleanReferrer(referrer);
  return {
    utmSource: clean?.source ?? null,
    utmMedium: clean?.medium ?? null,
    utmCampaign: clean?.campaign ?? null,
    utmContent: clean?.content ?? null,
  };
}

/** A PaymentIntent's metadata for a referrer, under the `utm_*` names. */
export function referrerMetadata(referrer: GiftReferrer | null | undefined) {
  const clean = cleanReferrer(referrer);
  const entries = referrerParts.flatMap((part) => {
    const value = clean?.[part];
    return value ? [[referrerQueryName[part], value] as const] : [];
  });
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The referrer a PaymentIntent's metadata carries (written by `referrerMetadata`). */
export function referrerOfMetadata(metadata: Record<string, string | undefined>) {
  return cleanReferrer(
    Object.fromEntries(referrerParts.map((part) => [part, metadata[referrerQueryName[part]]])),
  );
}
