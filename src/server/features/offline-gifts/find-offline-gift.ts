import { and, eq } from 'drizzle-orm';
import { donations } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { AppError } from '~/server/errors';

/**
 * The offline gift `id`, locked until the transaction ends (two edits, or an edit and a void, of
 * one gift take turns). A card or OJC gift is not the ledger's: it is refunded through its
 * provider, which tells the site, so it is "not found" here.
 */
export async function lockOfflineGift(tx: DatabaseExecutor, id: string) {
  const [row] = await tx
    .select()
    .from(donations)
    .where(and(eq(donations.id, id), eq(donations.paymentMethod, 'offline')))
    .for('update');
  if (!row) {
    throw new AppError(
      'not_found',
      'This gift is not in the list of gifts received by the office. It may have been given on the website: refund those through the card processor.',
    );
  }
  return row;
}
