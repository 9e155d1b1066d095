import { eq } from 'drizzle-orm';
import { donations, type Donation } from '~/db/schema';
import type { Database } from '~/db/client';
import type { OfflineGiftEditInput } from '~/shared/schemas/offline-gifts';
import { AppError } from '~/server/errors';
import { recordAudit } from '~/server/services/audit/record-audit';
import { resendCorrectedReceipt } from '~/server/services/receipts/receipt-corrections';
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
};
/** What only the office reads. */
const officeOnly = {
  email: (g: Donation) => g.email,
  note: (g: Donation) => g.officeNote,
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
        `Receipt ${before.receiptNumber} is void, so it can no longer be changed. If the gift was given again, record it as a new gift.`,
      );
    }
    assertSameYear(before, input.receivedOn);
    await assertNotTypedTwice(tx, input, ctx.timeZone, id);
    const at = receivedAt(input.receivedOn, ctx.timeZone);
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
        donatedAt: at,
        createdAt: at,
        updatedAt: ctx.now,
      })
      .where(eq(donations.id, id))
      .returning();
    const after = row!;
    const hasPhoto = await giftHasPhoto(tx, id);
    const receiptChanges = changesOf(onReceipt, before, after);
    const changed = [...receiptChanges, ...changesOf(officeOnly, before, after)];
    if (changed.length === 0) return serializeOfflineGift(after, ctx.timeZone, hasPhoto);
    const emailChanged = changed.includes('email');
    const correctedReceipt =
      receiptChanges.length > 0 || emailChanged
        ? await resendCorrectedReceipt(tx, before, after, ctx)
        : false;
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'offline-gift-edited',
      target: after.receiptNumber,
      details: {
        reason: input.reason,
        before: valuesOf(changed, before),
        after: valuesOf(changed, after),
        correctedReceipt,
      },
      ip: ctx.ip,
      at: ctx.now,
    });
    return serializeOfflineGift(after, ctx.timeZone, hasPhoto);
  });
}
