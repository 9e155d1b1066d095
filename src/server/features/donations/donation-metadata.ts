import type Stripe from 'stripe';
import {
  dedicationKinds,
  prayerRelationValues,
  wallDisplays,
  type DonationType,
  type WallDisplay,
} from '~/shared/domain';
import { dedicationColumns, dedicationOf, type DedicationColumns } from '~/server/lib/dedication';
import type { DonationSetupInput } from '~/shared/schemas/donations';
import {
  referrerColumns,
  referrerMetadata,
  referrerOfMetadata,
  type ReferrerColumns,
} from '~/server/lib/gift-referrer';

/**
 * A gift as the server set it up: what the donor sent, with the campaign its slug named (the
 * campaign's id, once the server found it open) and the wall choice that then applies.
 */
export type GiftSetup = DonationSetupInput & { campaignId?: string | null; teamId?: string | null };

/** A campaign gift's wall choice: "Anonymous" unless the donor chose to be shown. */
export const wallDisplayOf = (input: GiftSetup): WallDisplay | null =>
  input.campaignId ? (input.wall ?? 'anonymous') : null;

/** Marks the PaymentIntents and subscriptions this site creates, among others on the account. */
export const METADATA_SOURCE = 'tziyun-donations';

/**
 * What the site writes on a PaymentIntent or subscription: enough to record the donation from
 * Stripe's side alone if the site's own row was never written (a crash between the two).
 * Stripe metadata values are strings.
 */
export function donationMetadata(
  type: DonationType,
  input: GiftSetup,
  feeCents: number,
): Record<string, string> {
  return {
    source: METADATA_SOURCE,
    donation_type: type,
    fee_cents: String(feeCents),
    ...(input.name ? { donor_name: input.name } : {}),
    ...(input.email ? { donor_email: input.email } : {}),
    ...dedicationMetadata(input),
    // The webhook credits the campaign even if the site's own row was never written.
    // And where the gift came from (the campaign page's utm_*), for the office's analytics.
    ...(input.campaignId
      ? {
          campaign_id: input.campaignId,
          wall_display: wallDisplayOf(input)!,
          ...referrerMetadata(input.referrer),
        }
      : {}),
    ...(input.campaignId && input.teamId ? { team_id: input.teamId } : {}),
  };
}

/** The dedication's metadata: its kind and name, and its Hebrew parts when given. */
function dedicationMetadata(input: GiftSetup): Record<string, string> {
  const columns = dedicationColumns(input.dedication);
  const entries = Object.entries({
    dedication_kind: columns.dedicationKind,
    dedication_name: columns.dedicationName,
    dedication_hebrew_name: columns.dedicationHebrewName,
    dedication_relation: columns.dedicationRelation,
    dedication_mother_hebrew_name: columns.dedicationMotherHebrewName,
  });
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => !!entry[1]));
}

export interface MetadataDonation extends DedicationColumns, ReferrerColumns {
  donationType: DonationType;
  feeCents: number;
  donorName: string | null;
  email: string | null;
  campaignId: string | null;
  wallDisplay: WallDisplay | null;
  teamId: string | null;
}

/** The donation a site-made PaymentIntent describes, or null for anyone else's. */
export function readDonationMetadata(metadata: Stripe.Metadata | null): MetadataDonation | null {
  if (metadata?.source !== METADATA_SOURCE) return null;
  const kind = dedicationKinds.find((k) => k === metadata.dedication_kind) ?? null;
  const relation = prayerRelationValues.find((r) => r === metadata.dedication_relation) ?? null;
  const dedication =
    kind && metadata.dedication_name
      ? dedicationOf({
          dedicationKind: kind,
          dedicationName: metadata.dedication_name,
          dedicationHebrewName: metadata.dedication_hebrew_name || null,
          dedicationRelation: relation,
          dedicationMotherHebrewName: metadata.dedication_mother_hebrew_name || null,
        })
      : null;
  const fee = Number(metadata.fee_cents);
  return {
    donationType: metadata.donation_type === 'subscription' ? 'subscription' : 'onetime',
    feeCents: Number.isInteger(fee) && fee > 0 ? fee : 0,
    donorName: metadata.donor_name || null,
    email: metadata.donor_email || null,
    ...dedicationColumns(dedication),
    ...campaignOf(metadata),
  };
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function campaignOf(metadata: Stripe.Metadata) {
  const campaignId = uuidShape.test(metadata.campaign_id ?? '') ? metadata.campaign_id! : null;
  const wall = wallDisplays.find((w) => w === metadata.wall_display) ?? 'anonymous';
  // The team was checked against the campaign when the payment was set up; the database's
  // reference (team and campaign together) refuses any other pair.
  const teamId = campaignId && uuidShape.test(metadata.team_id ?? '') ? metadata.team_id! : null;
  return {
    campaignId,
    wallDisplay: campaignId ? wall : null,
    teamId,
    ...referrerColumns(campaignId ? referrerOfMetadata(metadata) : null),
  };
}
