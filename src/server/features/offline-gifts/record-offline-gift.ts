import { and, eq, isNull, sql } from 'drizzle-orm';
import { donations, donors, type Donation } from '~/db/schema';
import type { Database, DatabaseExecutor } from '~/db/client';
import { offlineMethodLabels, type OfflineGiftInput } from '~/shared/schemas/offline-gifts';
import { AppError } from '~/server/errors';
import { zonedMidnight } from '~/server/lib/zoned-time';
import { isoDateIn } from '~/shared/schedule';
import type { SignedLinks } from '~/server/lib/signed-link';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAudit } from '~/server/services/audit/record-audit';
import { enqueueReceiptIfDue } from '~/server/services/receipts/send-receipt';
import { serializeOfflineGift } from './serialize-offline-gift';

export interface LedgerContext extends AuditContext {
  timeZone: string;
  links: SignedLinks;
}

/**
 * Midday of the day received, in the site's time zone: the gift sorts inside its day, and its
 * calendar year (its receipt number's, its statement's) is that day's, whatever the zone's clock
 * change does at midnight.
 */
function receivedAt(receivedOn: string, timeZone: string) {
  const [year, month, day] = receivedOn.split('-').map(Number) as [number, number, number];
  return new Date(zonedMidnight(year, month, day, timeZone).getTime() + 12 * 3_600_000);
}

/**
 * A gift of the same method and reference from the same donor, not voided: the same cheque
 * typed twice, unless the office says it is a second gift. The same donor is the same email, or,
 * for a donor without one, the same name and address.
 */
async function sameReference(tx: DatabaseExecutor, gift: OfflineGiftInput) {
  if (!gift.reference) return null;
  const donor = gift.email
    ? sql`lower(${donations.email}) = ${gift.email}`
    : gift.donorId
      ? eq(donations.donorId, gift.donorId)
      : sql`${donations.email} is null and lower(${donations.donorName}) = lower(${gift.name}) and lower(coalesce(${donations.postalAddress}, '')) = lower(${gift.address ?? ''})`;
  const [row] = await tx
    .select()
    .from(donations)
    .where(
      and(
        eq(donations.offlineMethod, gift.method),
        sql`lower(${donations.offlineReference}) = lower(${gift.reference})`,
        isNull(donations.voidedAt),
        donor,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The record the office chose, or the one it was merged into since; refused when unknown. */
async function keptRecord(tx: DatabaseExecutor, id: string) {
  const [record] = await tx
    .select({ id: donors.id, mergedInto: donors.mergedInto })
    .from(donors)
    .where(eq(donors.id, id));
  if (!record) {
    throw new AppError('validation_failed', 'Please choose the donor again.', {
      donorId: 'That donor record no longer exists: choose one of the suggestions or a new record',
    });
  }
  return record.mergedInto ?? record.id;
}

function duplicateMessage(existing: Donation, timeZone: string) {
  const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(
    existing.donatedAt ?? existing.createdAt,
  );
  const what = `${offlineMethodLabels[existing.offlineMethod ?? 'other']} ${existing.offlineReference}`;
  return `${what} from this donor is already recorded (receipt ${existing.receiptNumber}, received ${day}). If this is a second gift, confirm it and record it again.`;
}

/**
 * Records a gift the office received another way, with its receipt number (given by the database
 * in this transaction, ADR 052), the audit entry and, when the donor has an email, the receipt
 * mail: all of it or nothing.
 */
export async function recordOfflineGift(db: Database, gift: OfflineGiftInput, ctx: LedgerContext) {
  if (gift.receivedOn > isoDateIn(ctx.now, ctx.timeZone)) {
    throw new AppError(
      'validation_failed',
      'Please check the gift: it cannot be received later than today.',
      {
        receivedOn: 'The date received cannot be in the future',
      },
    );
  }
  return db.transaction(async (tx) => {
    const donorId = gift.donorId ? await keptRecord(tx, gift.donorId) : undefined;
    if (!gift.confirmDuplicate) {
      const existing = await sameReference(tx, { ...gift, donorId });
      if (existing) {
        throw new AppError('validation_failed', 'This gift may be recorded already.', {
          reference: duplicateMessage(existing, ctx.timeZone),
        });
      }
    }
    const [row] = await tx
      .insert(donations)
      .values({
        donorName: gift.name,
        email: gift.email,
        postalAddress: gift.address,
        // Without email, the record the office chose; with one, the trigger finds the address's.
        donorId: gift.email ? null : (donorId ?? null),
        amountCents: Math.round(gift.amount * 100),
        donationType: 'onetime',
        paymentMethod: 'offline',
        paymentStatus: 'succeeded',
        offlineMethod: gift.method,
        offlineReference: gift.reference,
        officeNote: gift.note,
        dedicationKind: gift.dedication?.kind ?? null,
        dedicationName: gift.dedication?.name ?? null,
        donatedAt: receivedAt(gift.receivedOn, ctx.timeZone),
        // A gift's date everywhere (the donor table, its windows, My giving, the statement of its
        // year) is `created_at`: for a gift the office received, the day it was received. When it
        // was typed in is the audit log's.
        createdAt: receivedAt(gift.receivedOn, ctx.timeZone),
        updatedAt: ctx.now,
      })
      .returning();
    const recorded = row!;
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'offline-gift-recorded',
      target: recorded.receiptNumber,
      details: {
        amountCents: recorded.amountCents,
        method: gift.method,
        ...(gift.confirmDuplicate ? { confirmedSecondGift: true } : {}),
      },
      ip: ctx.ip,
      at: ctx.now,
    });
    await enqueueReceiptIfDue(tx, recorded, { links: ctx.links, now: ctx.now });
    return serializeOfflineGift(recorded, ctx.timeZone);
  });
}
