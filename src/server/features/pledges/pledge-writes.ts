import { eq } from 'drizzle-orm';
import { pledges, type Pledge } from '~/db/schema';
import type { Database, DatabaseExecutor } from '~/db/client';
import type { PledgeInput } from '~/shared/schemas/pledges';
import { isoDateIn } from '~/shared/schedule';
import { AppError } from '~/server/errors';
import type { AuditAction } from '~/server/services/audit/record-audit';
import { recordAudit } from '~/server/services/audit/record-audit';
import type { LedgerContext } from '~/server/features/offline-gifts';
import { serializePledge } from './serialize-pledge';

export type PledgeContext = LedgerContext;

export const todayOf = (ctx: PledgeContext) => isoDateIn(ctx.now, ctx.timeZone);

/** How the audit log names a pledge: its donor, as the office knows them. */
export const pledgeTarget = (row: Pledge) => `pledge of ${row.email ?? row.donorName}`;

export function auditPledge(
  tx: DatabaseExecutor,
  ctx: PledgeContext,
  action: AuditAction,
  row: Pledge,
  details: Record<string, unknown>,
) {
  return recordAudit(tx, {
    actor: ctx.actor,
    action,
    target: pledgeTarget(row),
    details: { pledgeId: row.id, ...details },
    ip: ctx.ip,
    at: ctx.now,
  });
}

const closedMessage: Record<Exclude<Pledge['status'], 'open'>, string> = {
  paid: 'This pledge is already paid, so it cannot be changed. Its gift is in the donor table.',
  cancelled: 'This pledge was cancelled, so it cannot be changed. Record a new pledge if needed.',
};

/** The pledge, locked until the transaction ends, refused plainly unless it is still open. */
export async function lockOpenPledge(tx: DatabaseExecutor, id: string) {
  const [row] = await tx.select().from(pledges).where(eq(pledges.id, id)).for('update');
  if (!row) throw new AppError('not_found', 'This pledge is no longer on file.');
  if (row.status !== 'open') throw new AppError('conflict', closedMessage[row.status]);
  return row;
}

const columnsOf = (input: PledgeInput) => ({
  donorName: input.name,
  email: input.email,
  postalAddress: input.address,
  amountCents: Math.round(input.amount * 100),
  expectedOn: input.expectedOn,
  campaign: input.campaign,
  note: input.note,
});

export function createPledge(db: Database, input: PledgeInput, ctx: PledgeContext) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pledges)
      .values({ ...columnsOf(input), createdAt: ctx.now, updatedAt: ctx.now })
      .returning();
    await auditPledge(tx, ctx, 'pledge-recorded', row!, {
      amountCents: row!.amountCents,
      expectedOn: row!.expectedOn,
    });
    return serializePledge(row!, todayOf(ctx));
  });
}

export function updatePledge(db: Database, id: string, input: PledgeInput, ctx: PledgeContext) {
  return db.transaction(async (tx) => {
    const before = await lockOpenPledge(tx, id);
    const [row] = await tx
      .update(pledges)
      .set({ ...columnsOf(input), updatedAt: ctx.now })
      .where(eq(pledges.id, id))
      .returning();
    await auditPledge(tx, ctx, 'pledge-updated', row!, {
      amountCents: row!.amountCents,
      ...(before.amountCents !== row!.amountCents
        ? { previousAmountCents: before.amountCents }
        : {}),
      expectedOn: row!.expectedOn,
    });
    return serializePledge(row!, todayOf(ctx));
  });
}

export function cancelPledge(db: Database, id: string, reason: string, ctx: PledgeContext) {
  return db.transaction(async (tx) => {
    await lockOpenPledge(tx, id);
    const [row] = await tx
      .update(pledges)
      .set({ status: 'cancelled', cancelReason: reason, closedAt: ctx.now, updatedAt: ctx.now })
      .where(eq(pledges.id, id))
      .returning();
    await auditPledge(tx, ctx, 'pledge-cancelled', row!, {
      amountCents: row!.amountCents,
      reason,
    });
    return serializePledge(row!, todayOf(ctx));
  });
}
