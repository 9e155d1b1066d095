import { eq, inArray } from 'drizzle-orm';
import { donations, donors } from '~/db/schema';
import type { Database } from '~/db/client';
import type { DonorMergeInput } from '~/shared/schemas/donor-records';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { donorRecordOf } from './select-donor-records';

/**
 * Record `id` is the same person as `into` (ADR 053): its gifts move to `into`, its email stays
 * as an alias of `into` (later gifts and My giving by it land there; the kept record takes it
 * when it has none of its own), and the audit log says who merged what and why. All or nothing;
 * both records are locked, so two merges of them at once take turns.
 */
export async function mergeDonors(
  db: Database,
  id: string,
  { into, reason }: DonorMergeInput,
  ctx: AuditContext,
) {
  if (id === into) {
    throw new AppError('validation_failed', 'A record cannot be merged into itself.', {
      into: 'Choose another record: this is the same one',
    });
  }
  return db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(donors)
      .where(inArray(donors.id, [id, into]))
      .orderBy(donors.id)
      .for('update');
    const from = locked.find((r) => r.id === id);
    const kept = locked.find((r) => r.id === into);
    if (!from || !kept) {
      throw new AppError('not_found', 'We found no such donor record: reload the list.');
    }
    const already = [from, kept].find((r) => r.mergedInto !== null);
    if (already) {
      throw new AppError(
        'conflict',
        `${already === from ? 'This record' : 'The record to keep'} was already merged into another: reload the list and choose again.`,
      );
    }
    const moved = await tx
      .update(donations)
      .set({ donorId: into })
      .where(eq(donations.donorId, id))
      .returning({ id: donations.id });
    // Records merged into this one before now point at the kept one: an alias is one step away.
    await tx.update(donors).set({ mergedInto: into }).where(eq(donors.mergedInto, id));
    const takesEmail = kept.email === null && from.email !== null;
    await tx
      .update(donors)
      .set({ mergedInto: into, updatedAt: ctx.now, ...(takesEmail ? { email: null } : {}) })
      .where(eq(donors.id, id));
    if (takesEmail) {
      await tx
        .update(donors)
        .set({ email: from.email, updatedAt: ctx.now })
        .where(eq(donors.id, into));
    }
    await recordAuditBy(tx, ctx, {
      action: 'donors-merged',
      target: kept.email ?? from.email ?? kept.name,
      details: {
        merged: { id, name: from.name, email: from.email },
        kept: { id: into, name: kept.name, email: kept.email ?? from.email },
        giftsMoved: moved.length,
        reason,
      },
    });
    return { donor: (await donorRecordOf(tx, into))!, giftsMoved: moved.length };
  });
}
