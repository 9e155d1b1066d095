import { and, eq } from 'drizzle-orm';
import { erasureRequests } from '~/db/schema';
import type { Database } from '~/db/client';
import type { ErasureDecision } from '~/shared/schemas/admin-statements';
import { AppError } from '~/server/errors';
import { recordAuditBy, type AuditContext } from '~/server/services/audit/audit-context';
import { eraseDonor, erasureBlocker } from '~/server/features/my-giving';
import { serializeErasureRequest } from './serialize-erasure-request';

/**
 * The office confirms (`erase`) or turns down a request. Erasing runs in one transaction with
 * the request's decision; a monthly gift or membership still running must be cancelled first.
 */
export async function decideErasureRequest(
  db: Database,
  id: string,
  decision: ErasureDecision,
  context: AuditContext,
) {
  const decided = await db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(erasureRequests)
      .where(and(eq(erasureRequests.id, id), eq(erasureRequests.status, 'requested')))
      .for('update');
    if (!request) {
      throw new AppError('not_found', 'This request is not open any more: reload the list.');
    }
    let email = request.email;
    if (decision === 'erase') {
      const blocker = await erasureBlocker(tx, request.email);
      if (blocker) throw new AppError('conflict', blocker);
      email = await eraseDonor(tx, request.email);
    }
    const [row] = await tx
      .update(erasureRequests)
      .set({
        status: decision === 'erase' ? 'erased' : 'declined',
        email,
        decidedAt: context.now,
        decidedBy: context.actor?.id ?? null,
      })
      .where(eq(erasureRequests.id, id))
      .returning();
    // In the decision's transaction: an erasure never commits without its entry.
    await recordAuditBy(tx, context, {
      action: 'erasure-decided',
      target: row!.id,
      details: { decision },
    });
    return row!;
  });
  return serializeErasureRequest(decided);
}
