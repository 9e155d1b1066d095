import { eq } from 'drizzle-orm';
import { pledges } from '~/db/schema';
import type { Database } from '~/db/client';
import type { PledgeInput } from '~/shared/schemas/pledges';
import { lockOpenPledge } from './lock-open-pledge';
import { auditPledge, todayOf, type PledgeContext } from './pledge-context';
import { pledgeColumnsOf } from './pledge-columns';
import { serializePledge } from './serialize-pledge';

export function updatePledge(db: Database, id: string, input: PledgeInput, ctx: PledgeContext) {
  return db.transaction(async (tx) => {
    const before = await lockOpenPledge(tx, id);
    const [row] = await tx
      .update(pledges)
      .set({ ...pledgeColumnsOf(input), updatedAt: ctx.now })
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
