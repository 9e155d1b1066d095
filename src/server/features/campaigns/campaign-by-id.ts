import { eq } from 'drizzle-orm';
import { campaigns } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { AppError } from '~/server/errors';

/** The campaign with this id, for the office's screens; "no such campaign" (404) otherwise. */
export async function campaignById(db: DatabaseExecutor, id: string) {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!campaign) throw new AppError('not_found', 'There is no such campaign.');
  return campaign;
}
