import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { donations, donors, type Donation } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { offlineMethodLabels, type OfflineGiftInput } from '~/shared/schemas/offline-gifts';
import { AppError } from '~/server/errors';
import { zonedMidnight } from '~/server/lib/zoned-time';
import { isoDateIn } from '~/shared/schedule';
import type { SignedLinks } from '~/server/lib/signed-link';
import type { AuditContext } from '~/server/services/audit/audit-context';

/** What the ledger's writes need: who, from where, when; the site's zone; the receipts' links. */
export interface LedgerContext extends AuditContext {
  timeZone: string;
  links: SignedLinks;
}

/**
 * Midday of the day received, in the site's time zone: the gift sorts inside its day, and its
 * calendar year (its receipt number's, its statement's) is that day's, whatever the zone's clock
 * change does at midnight.
 */
export function receivedAt(receivedOn: string, timeZone: string) {
  const [year, month, day] = receivedOn.split('-').map(Number) as [number, number, number];
  return new Date(zonedMidnight(year, month, day, timeZone).getTime() + 12 * 3_600_000);
}

/**
 * A gift of the same method and reference from the same donor, not voided: the same cheque
 * typed twice, unless the office says it is a second gift. The same donor is the same email, or,
 * for a donor without one, the record the office chose (ADR 053), or else the same name and address.
 */
async function sameReference(tx: DatabaseExecutor, gift: OfflineGiftInput, exceptId?: string) {
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
        exceptId ? ne(donations.id, exceptId) : undefined,
        donor,
      ),
    )
    .limit(1);
  return row ?? null;
}

function duplicateMessage(existing: Donation, timeZone: string) {
  const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(
    existing.donatedAt ?? existing.createdAt,
  );
  const what = `${offlineMethodLabels[existing.offlineMethod ?? 'other']} ${existing.offlineReference}`;
  return `${what} from this donor is already recorded (receipt ${existing.receiptNumber}, received ${day}). If this is a second gift, confirm it and record it again.`;
}

/** A gift is received today or before, never later. */
export function assertNotFuture(gift: OfflineGiftInput, ctx: LedgerContext) {
  if (gift.receivedOn > isoDateIn(ctx.now, ctx.timeZone)) {
    throw new AppError(
      'validation_failed',
      'Please check the gift: it cannot be received later than today.',
      { receivedOn: 'The date received cannot be in the future' },
    );
  }
}

/** The same cheque typed twice is refused, unless the office confirms a second gift. */
export async function assertNotTypedTwice(
  tx: DatabaseExecutor,
  gift: OfflineGiftInput,
  timeZone: string,
  exceptId?: string,
) {
  if (gift.confirmDuplicate) return;
  const existing = await sameReference(tx, gift, exceptId);
  if (existing) {
    throw new AppError('validation_failed', 'This gift may be recorded already.', {
      reference: duplicateMessage(existing, timeZone),
    });
  }
}

/** The record the office chose, or the one it was merged into since; refused when unknown. */
export async function keptRecord(tx: DatabaseExecutor, id: string) {
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
