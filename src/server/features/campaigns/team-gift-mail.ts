import type { Donation } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { queueAmbassadorGiftMail } from './ambassador-mail';

/**
 * Tells a team's leader of a gift through the team once its money is in: queued in the gift's
 * own transaction, keyed by the gift (a refund or a second settling queues nothing more). What
 * the note says, whether the team is still approved and the gift still stands, and when it may
 * go (never at night, on Shabbat or Yom Tov) are the job's to decide when it runs.
 */
export async function noteTeamGift(tx: DatabaseExecutor, gift: Donation, now: Date) {
  if (!gift.teamId || gift.paymentStatus !== 'succeeded' || gift.voidedAt) return;
  await queueAmbassadorGiftMail(tx, gift.id, now);
}
