import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { prayerNames } from '~/db/schema';
import type { DatabaseHandle } from '~/db/client';
import { isoDateIn } from '~/shared/schedule';
import type { SiteConfig } from '~/shared/site-config-schema';
import { enqueueJob } from '~/server/jobs/enqueue-job';
import type { JobHandler } from '~/server/jobs/types';
import type { DatabaseExecutor } from '~/db/client';
import type { Clock } from '~/server/lib/clock';
import type { LinkSigner } from '~/server/lib/signed-link';
import { enqueueMail } from '~/server/services/mail/mail-job';
import { PRAYER_LINK_HOURS, issuePrayerLink, ownerWhoMayGive } from './magic-link';
import { ownedBy } from './owner';

/** site.config.ts `prayerNames`: how long a name stays on the list, when its giver is told. */
export type PrayerNameRules = SiteConfig['prayerNames'];

const dayMs = 24 * 60 * 60 * 1000;

/** When a name given or renewed at `renewedAt` leaves the weekly list. */
export function lapsesAt(renewedAt: Date, rules: PrayerNameRules): Date {
  return new Date(renewedAt.getTime() + rules.lapseWeeks * 7 * dayMs);
}

/** Names renewed after this moment are still on the list at `at`. */
export function renewedSince(at: Date, rules: PrayerNameRules): Date {
  return new Date(at.getTime() - rules.lapseWeeks * 7 * dayMs);
}

/** When the giver of a name renewed at `renewedAt` is reminded. */
export function remindsAt(renewedAt: Date, rules: PrayerNameRules): Date {
  return new Date(lapsesAt(renewedAt, rules).getTime() - rules.reminderDays * dayMs);
}

export const PRAYER_REMINDER_JOB_KIND = 'prayer-names.reminder';

const reminderPayload = z.object({ nameId: z.uuid(), renewedAt: z.iso.datetime() });

/**
 * Queues the reminder for a name just given or renewed, in the same transaction, due
 * `reminderDays` before it lapses. A renewal queues a new one; the old one then finds the name
 * renewed since and does nothing. The payload names the row, never the name itself.
 */
export function scheduleLapseReminder(
  tx: DatabaseExecutor,
  name: { id: string; renewedAt: Date },
  rules: PrayerNameRules,
) {
  return enqueueJob(tx, {
    kind: PRAYER_REMINDER_JOB_KIND,
    key: `prayer-reminder:${name.id}:${name.renewedAt.getTime()}`,
    payload: { nameId: name.id, renewedAt: name.renewedAt.toISOString() },
    runAt: remindsAt(name.renewedAt, rules),
  });
}

export interface PrayerReminderHost {
  database: DatabaseHandle;
  linkSigner: LinkSigner;
  clock: Clock;
  env: { PUBLIC_URL: string };
  siteConfig: Pick<SiteConfig, 'prayerNames' | 'timeZone'>;
}

/**
 * The reminder job: if the name is still there, not renewed since, and its giver may still give
 * names, mails the giver a fresh single-use link with how many of their names lapse that day.
 * One mail per giver and lapse day, however many names share it. The host is read when the job
 * runs (the app's signer is made after the worker).
 */
export function prayerReminderJobHandler(host: PrayerReminderHost): JobHandler {
  return {
    maxAttempts: 10,
    async run(payload) {
      const { nameId, renewedAt } = reminderPayload.parse(payload);
      const { db } = host.database;
      const rules = host.siteConfig.prayerNames;
      const [name] = await db.select().from(prayerNames).where(eq(prayerNames.id, nameId));
      if (!name || name.renewedAt.getTime() !== new Date(renewedAt).getTime()) return;
      const owner = await ownerWhoMayGive(db, name, rules.donorsMayGiveNames);
      if (!owner) return;
      const lapse = lapsesAt(name.renewedAt, rules);
      const lapseDay = isoDateIn(lapse, host.siteConfig.timeZone);
      await db
        .transaction(async (tx) => {
          // The giver's names still on the list that leave it by the end of that day.
          const [{ count }] = (await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(prayerNames)
            .where(
              and(
                ownedBy(owner),
                gt(prayerNames.renewedAt, renewedSince(host.clock(), rules)),
                lte(prayerNames.renewedAt, new Date(name.renewedAt.getTime() + dayMs)),
              ),
            )) as [{ count: number }];
          const link = await issuePrayerLink(
            { linkSigner: host.linkSigner, publicUrl: host.env.PUBLIC_URL },
            tx,
            owner,
            host.clock(),
          );
          const { created } = await enqueueMail(tx, {
            key: `prayer-reminder:${owner.kind === 'member' ? owner.memberId : owner.email}:${lapseDay}`,
            to: owner.email,
            template: 'prayer-names-reminder',
            data: {
              name: owner.name,
              count: Math.max(count, 1),
              lapsesOn: lapseDay,
              url: link.url,
              hours: PRAYER_LINK_HOURS,
            },
          });
          // Another name of the same giver and day already sent the reminder: no second link.
          if (!created) tx.rollback();
        })
        .catch((error: unknown) => {
          if (!isRollback(error)) throw error;
        });
    },
  };
}

function isRollback(error: unknown) {
  return error instanceof Error && error.name === 'TransactionRollbackError';
}
