import { eq } from 'drizzle-orm';
import { pledges, type Pledge } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { AppError } from '~/server/errors';

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
