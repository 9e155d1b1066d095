import { eq } from 'drizzle-orm';
import { campaigns } from '~/db/schema';
import type { DatabaseTransaction } from '~/db/client';
import { AppError } from '~/server/errors';
import { recordAuditBy, type AuditContext } from '~/server/services/audit/audit-context';
import { touchCampaign } from './settle-gift';

/** What a photo's row said before the new photo: the key it replaces and the photo's alt text. */
export interface ReplacedPhoto {
  photoKey: string | null;
  alt: string;
}

const noSuchCampaign = () => new AppError('not_found', 'There is no such campaign.');

/**
 * Writes the campaign's new photo (its sizes already kept, as `photoKey`) on its row, audited;
 * the page's snapshot is rebuilt with it. Answers what the row held, so the caller removes the
 * sizes of the photo it replaced after the commit.
 */
export async function setCampaignPhoto(
  tx: DatabaseTransaction,
  id: string,
  photoKey: string,
  context: AuditContext,
): Promise<ReplacedPhoto> {
  const [row] = await tx
    .select({ photoKey: campaigns.photoKey, slug: campaigns.slug, title: campaigns.title })
    .from(campaigns)
    .where(eq(campaigns.id, id))
    .for('update');
  if (!row) throw noSuchCampaign();
  await tx.update(campaigns).set({ photoKey, updatedAt: context.now }).where(eq(campaigns.id, id));
  await touchCampaign(tx, id);
  await recordAuditBy(tx, context, {
    action: 'campaign-photo-added',
    target: `campaign:${row.slug}`,
    details: { replaced: row.photoKey !== null },
  });
  return { photoKey: row.photoKey, alt: row.title };
}
