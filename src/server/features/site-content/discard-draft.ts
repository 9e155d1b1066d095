import { eq } from 'drizzle-orm';
import type { DatabaseExecutor } from '~/db/client';
import { siteContentVersions } from '~/db/schema';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { lockDraft, stale, type Change } from './content-versions';

/**
 * Removes the draft the editor read; what is published stays. A draft saved again since is not
 * removed from a stale screen (409); one already gone is fine.
 */
export async function discardDraft(db: DatabaseExecutor, input: { revision: number } & Change) {
  const change = input;
  await db.transaction(async (tx) => {
    const draft = await lockDraft(tx);
    if (!draft) return;
    if (draft.revision !== input.revision) stale();
    await tx.delete(siteContentVersions).where(eq(siteContentVersions.id, draft.id));
    await recordAuditBy(tx, change, {
      action: 'content-draft-discarded',
      target: 'site content draft',
    });
  });
}
