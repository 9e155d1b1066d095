import { eq } from 'drizzle-orm';
import { contactMessages } from '~/db/schema';
import type { Database } from '~/db/client';
import type { MessageStatus } from '~/shared/domain';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { serializeMessage } from './serialize-message';

/** Marks a message read, archived or new again, audited in the same transaction. */
export async function setMessageStatus(
  db: Database,
  id: string,
  status: MessageStatus,
  context: AuditContext,
) {
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contactMessages)
      .set({ status })
      .where(eq(contactMessages.id, id))
      .returning();
    if (!updated) throw new AppError('not_found', 'No such message');
    await recordAuditBy(tx, context, {
      action: 'message-status',
      target: id,
      details: { status },
    });
    return updated;
  });
  return serializeMessage(row);
}
