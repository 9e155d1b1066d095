import { and, eq, sql } from 'drizzle-orm';
import { donations, type Donation } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { queueAmbassadorGiftMail } from './ambassador-mail';

/**
 * Tells a team's leader of a gift through the team once its money is in: queued in the gift's
 * own transaction, once per gift and team. The gift's row records the team as told in that same
 * transaction, so a later settling (a partial refund, a monthly plan ending, the office's edit),
 * however long after, queues nothing more, and a gift moved to another team tells that team's
 * leader once. What the note says, whether the team is still approved and the gift still stands,
 * and when it may go (never at night, on Shabbat or Yom Tov) are the job's to decide.
 */
export async function noteTeamGift(tx: DatabaseExecutor, gift: Donation, now: Date) {
  const teamId = gift.teamId;
  if (!teamId || gift.paymentStatus !== 'succeeded' || gift.voidedAt) return;
  // One statement marks and tests: of two settlings at once, the second finds the team marked.
  const marked = await tx
    .update(donations)
    .set({ leaderToldTeamIds: sql`array_append(${donations.leaderToldTeamIds}, ${teamId}::uuid)` })
    .where(
      and(
        eq(donations.id, gift.id),
        sql`not (${teamId}::uuid = any(${donations.leaderToldTeamIds}))`,
      ),
    )
    .returning({ id: donations.id });
  if (marked.length > 0) await queueAmbassadorGiftMail(tx, { id: gift.id, teamId }, now);
}
