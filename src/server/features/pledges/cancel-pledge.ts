import { eq } from 'drizzle-orm';
import { pledges } from '~/db/schema';
import type { Database } from '~/db/client';
import { lockOpenPledge } from './lock-open-pledge';
import { auditPledge, todayOf, type PledgeContext } from './pledge-context';
import { serializePledge } from './serialize-pledge';

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
