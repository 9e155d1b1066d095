import type { Pledge } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { isoDateIn } from '~/shared/schedule';
import type { AuditAction } from '~/server/services/audit/record-audit';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import type { LedgerContext } from '~/server/features/offline-gifts';

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
  return recordAuditBy(tx, ctx, {
    action,
    target: pledgeTarget(row),
    details: { pledgeId: row.id, ...details },
  });
}
