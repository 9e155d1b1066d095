import { desc, eq } from 'drizzle-orm';
import { contactMessages } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { MessageStatus } from '~/shared/domain';
import { pageOf, type Page } from '~/server/lib/page-of';
import { serializeMessage } from './serialize-message';

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
