import { eq } from 'drizzle-orm';
import { donations, type Donation } from '~/db/schema';
import type { Database } from '~/db/client';
import type { OfflineGiftEditInput } from '~/shared/schemas/offline-gifts';
import { AppError } from '~/server/errors';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { resendCorrectedReceipt } from '~/server/services/receipts/receipt-corrections';
import {
  campaignForOfficeGift,
  lockCampaigns,
  settleCampaignGift,
  teamForOfficeGift,
  touchCampaign,
} from '~/server/features/campaigns';
import { lockOfflineGift } from './find-offline-gift';
import {
  assertNotFuture,
  assertNotTypedTwice,
  receivedAt,
  type LedgerContext,
} from './ledger-rules';
import { giftHasPhoto } from './gift-photo';
import { serializeOfflineGift } from './serialize-offline-gift';

/** What a receipt prints, by the audit's name for it: a change to any of these corrects it. */
const onReceipt = {
  amountCents: (g: Donation) => g.amountCents,
  receivedAt: (g: Donation) => g.donatedAt?.toISOString() ?? null,
  method: (g: Donation) => g.offlineMethod,
  reference: (g: Donation) => g.offlineReference,
  name: (g: Donation) => g.donorName,
  address: (g: Donation) => g.postalAddress,
  dedication: (g: Donation) =>
    g.dedicationName ? `${g.dedicationKind} ${g.dedicationName}` : null,
  campaign: (g: Donation) => g.campaignId,
};
/** What the receipt does not print. */
const officeOnly = {
  email: (g: Donation) => g.email,
  note: (g: Donation) => g.officeNote,
  wall: (g: Donation) => g.wallDisplay,
  team: (g: Donation) => g.teamId,
};

type Read = (g: Donation) => unknown;

function changesOf(fields: Record<string, Read>, before: Donation, after: Donation) {
  return Object.entries(fields)
    .filter(([, read]) => read(before) !== read(after))
    .map(([name]) => name);
}

function valuesOf(names: string[], row: Donation) {
  const all: Record<string, Read> = { ...onReceipt, ...officeOnly };
  return Object.fromEntries(names.map((name) => [name, all[name]!(row)]));
}

/**
 * Its receipt number belongs to its year (ADR 052), so a gift cannot move to another year: the
 * office voids it and records it again in the right one.
 */
function assertSameYear(gift: Donation, receivedOn: string) {
  const year = gift.receiptNumber?.slice(0, 4);
  if (year && receivedOn.slice(0, 4) !== year) {
    throw new AppError('validation_failed', 'Please check the date received.', {
      receivedOn: `The date must stay in ${year}, the year of receipt ${gift.receiptNumber}. To move the gift to another year, void it and record it again.`,
    });
  }
}

/**
 * A received gift's match is counted in its campaign: moving it would take a match shown there
 * away without its own gift being refunded, so the office voids it and records it again.
 */
function assertCampaignKept(gift: Donation, campaignId: string | null) {
  if (gift.paymentStatus !== 'succeeded' || !gift.campaignId || gift.campaignId === campaignId) {
    return;
  }
  throw new AppError('validation_failed', 'Please check the campaign.', {
    campaign:
      'This gift is cleared and counted in its campaign, so it stays there. To move it, void it and record it again.',
  });
}

/**
 * Corrects a gift the office recorded: the row, the audit entry with who, why and what changed
 * (old and new values), and the receipt mail when what the receipt shows changed. A voided gift
 * stays as it was voided.
 */
export async function editOfflineGift(
  db: Database,
  id: string,
  input: OfflineGiftEditInput,
  ctx: LedgerContext,
) {
  assertNotFuture(input, ctx);
  return db.transaction(async (tx) => {
    const before = await lockOfflineGift(tx, id);
    if (before.voidedAt) {
      throw new AppError(
        'conflict',
        `${before.receiptNumber ? `Receipt ${before.receiptNumber}` : 'This gift'} is void, so it can no longer be changed. If the gift was given again, record it as a new gift.`,
      );
    }
    assertSameYear(before, input.receivedOn);
    await assertNotTypedTwice(tx, input, ctx.timeZone, id);
    const campaign = input.campaign ? await campaignForOfficeGift(tx, input.campaign) : null;
    assertCampaignKept(before, campaign?.id ?? null);
    // A team belongs to its campaign: the team named is looked for in the gift's campaign now.
    const team =
      campaign && input.team
        ? await teamForOfficeGift(tx, campaign.id, input.team, before.teamId)
        : null;
    const at = receivedAt(input.receivedOn, ctx.timeZone);
    // Both campaigns are locked up front, in id order: settling in B then touching A would lock
    // them in the gift's order, and a gift moving the other way at once would deadlock.
    await lockCampaigns(
      tx,
      [before.campaignId, campaign?.id].filter((c): c is string => Boolean(c)),
    );
    const [row] = await tx
      .update(donations)
      .set({
        donorName: input.name,
        email: input.email,
        postalAddress: input.address,
        amountCents: Math.round(input.amount * 100),
        offlineMethod: input.method,
        offlineReference: input.reference,
        officeNote: input.note,
        dedicationKind: input.dedication?.kind ?? null,
        dedicationName: input.dedication?.name ?? null,
        campaignId: campaign?.id ?? null,
        teamId: team?.id ?? null,
        wallDisplay: campaign ? input.wall : null,
        donatedAt: at,
        createdAt: at,
        updatedAt: ctx.now,
      })
      .where(eq(donations.id, id))
      .returning();
    const after = row!;
    const hasPhoto = await giftHasPhoto(tx, id);
    const view = serializeOfflineGift(
      after,
      ctx.timeZone,
      hasPhoto,
      campaign && { id: campaign.id, slug: campaign.slug, title: campaign.title },
      team && { slug: team.slug, name: team.name },
    );
    const receiptChanges = changesOf(onReceipt, before, after);
    const changed = [...receiptChanges, ...changesOf(officeOnly, before, after)];
    if (changed.length === 0) return view;
    // A received gift's match follows its amount (a smaller one keeps the match of what it is
    // now); a pending one's campaign shows the new pending sum. A pending gift left its campaign.
    if (after.campaignId) await settleCampaignGift(tx, after, ctx.now);
    if (before.campaignId && before.campaignId !== after.campaignId) {
      await touchCampaign(tx, before.campaignId);
    }
    const emailChanged = changed.includes('email');
    // A pending gift has had no receipt: it gets its first when it is cleared.
    const correctedReceipt =
      after.paymentStatus === 'succeeded' && (receiptChanges.length > 0 || emailChanged)
        ? await resendCorrectedReceipt(tx, before, after, ctx)
        : false;
    await recordAuditBy(tx, ctx, {
      action: 'offline-gift-edited',
      target: after.receiptNumber ?? after.id,
      details: {
        reason: input.reason,
        before: valuesOf(changed, before),
        after: valuesOf(changed, after),
        correctedReceipt,
      },
    });
    return view;
  });
}
