import { desc, eq } from 'drizzle-orm';
import { contactMessages } from '~/db/schema';
import type { Database, DatabaseExecutor } from '~/db/client';
import type { MessageStatus } from '~/shared/domain';
import { AppError } from '~/server/errors';
import { pageOf, type Page } from '~/server/lib/page-of';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAudit } from '~/server/services/audit/record-audit';

/** A contact message as the admin API shows it. */
export const serializeMessage = (row: typeof contactMessages.$inferSelect) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/** One page of contact messages, newest first, optionally of one status. */
export async function listMessages(
  db: DatabaseExecutor,
  status: MessageStatus | undefined,
  page: Page,
) {
  const where = status ? eq(contactMessages.status, status) : undefined;
  const { rows, total } = await pageOf(
    db,
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .$dynamic(),
    { from: contactMessages, where },
    page,
  );
  return { messages: rows.map(serializeMessage), total };
}

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
    await recordAudit(tx, {
      actor: context.actor,
      action: 'message-status',
      target: id,
      details: { status },
      ip: context.ip,
      at: context.now,
    });
    return updated;
  });
  return serializeMessage(row);
}
