import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { donations } from '~/db/schema';
import type { Database } from '~/db/client';
import type { GivingWallInput } from '~/shared/schemas/my-giving';
import { AppError } from '~/server/errors';
import { recordAudit } from '~/server/services/audit/record-audit';
import { giftsOfPersonWithEmail } from '~/server/services/donors/donor-of-email';
import { touchCampaign } from '~/server/features/campaigns';

export const wallChoiceMessages = {
  saved: 'Your choice for the donor wall is saved.',
  notYours: 'This gift is not among yours.',
};

/**
 * The donor's new wall choice for one of their own campaign gifts (the gifts My giving lists:
 * their person's, never another's). In one transaction: the choice, an entry in the office's
 * audit log (no admin acted: the donor did, from My giving), and the campaign's version moved so
 * the wall follows at once. A gift that is not theirs, or not a campaign's, is refused alike.
 */
export async function changeWallChoice(
  db: Database,
  email: string,
  { gift, wall }: GivingWallInput,
  { now, ip }: { now: Date; ip: string | null },
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ campaignId: donations.campaignId, wallDisplay: donations.wallDisplay })
      .from(donations)
      .where(
        and(
          eq(donations.id, gift),
          giftsOfPersonWithEmail(email),
          ne(donations.paymentStatus, 'pending'),
          isNotNull(donations.campaignId),
        ),
      )
      .for('update');
    if (!row?.campaignId) throw new AppError('not_found', wallChoiceMessages.notYours);
    if (row.wallDisplay === wall) return;
    await tx
      .update(donations)
      .set({ wallDisplay: wall, updatedAt: now })
      .where(eq(donations.id, gift));
    await recordAudit(tx, {
      actor: null,
      action: 'wall-choice-changed',
      target: `donation:${gift}`,
      details: { by: 'donor', from: row.wallDisplay, to: wall },
      ip,
      at: now,
    });
    await touchCampaign(tx, row.campaignId);
  });
}
