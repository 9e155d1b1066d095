import { eq } from 'drizzle-orm';
import { pledges } from '~/db/schema';
import type { Database } from '~/db/client';
import { PLEDGE_REMINDER_DAYS } from '~/shared/schemas/pledges';
import { AppError } from '~/server/errors';
import { enqueueMail } from '~/server/services/mail/mail-job';
import { lockOpenPledge } from './lock-open-pledge';
import { auditPledge, todayOf, type PledgeContext } from './pledge-context';
import { serializePledge } from './serialize-pledge';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Mails the donor a kind reminder of an open pledge, only when the office asks: never to a pledge
 * without email, and not again within a week of the last, so a double click or a second person in
 * the office does not send two.
 */
export function remindPledge(db: Database, id: string, ctx: PledgeContext) {
  return db.transaction(async (tx) => {
    const pledge = await lockOpenPledge(tx, id);
    if (!pledge.email) {
      throw new AppError(
        'conflict',
        'This pledge has no email, so no reminder can be sent. Call or write to the donor instead, or add their email to the pledge.',
      );
    }
    const last = pledge.lastRemindedAt;
    if (last && ctx.now.getTime() - last.getTime() < PLEDGE_REMINDER_DAYS * DAY_MS) {
      const day = (d: Date) =>
        new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: ctx.timeZone }).format(d);
      const next = new Date(last.getTime() + PLEDGE_REMINDER_DAYS * DAY_MS);
      throw new AppError(
        'conflict',
        `A reminder was already sent on ${day(last)}. To keep it kind, the next one can be sent from ${day(next)}.`,
      );
    }
    const sent = pledge.remindersSent + 1;
    await enqueueMail(tx, {
      key: `pledge-reminder:${pledge.id}:${sent}`,
      to: pledge.email,
      template: 'pledge-reminder',
      data: {
        name: pledge.donorName,
        amountCents: pledge.amountCents,
        campaign: pledge.campaign,
        expectedOn: pledge.expectedOn,
      },
    });
    const [row] = await tx
      .update(pledges)
      .set({ remindersSent: sent, lastRemindedAt: ctx.now, updatedAt: ctx.now })
      .where(eq(pledges.id, id))
      .returning();
    await auditPledge(tx, ctx, 'pledge-reminded', row!, { reminder: sent });
    return serializePledge(row!, todayOf(ctx));
  });
}
