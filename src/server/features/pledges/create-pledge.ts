import { pledges } from '~/db/schema';
import type { Database } from '~/db/client';
import type { PledgeInput } from '~/shared/schemas/pledges';
import { auditPledge, todayOf, type PledgeContext } from './pledge-context';
import { pledgeColumnsOf } from './pledge-columns';
import { serializePledge } from './serialize-pledge';

export function createPledge(db: Database, input: PledgeInput, ctx: PledgeContext) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pledges)
      .values({ ...pledgeColumnsOf(input), createdAt: ctx.now, updatedAt: ctx.now })
      .returning();
    await auditPledge(tx, ctx, 'pledge-recorded', row!, {
      amountCents: row!.amountCents,
      expectedOn: row!.expectedOn,
    });
    return serializePledge(row!, todayOf(ctx));
  });
}
