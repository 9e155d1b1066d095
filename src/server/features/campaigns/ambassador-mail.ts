import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { campaignTeams, type CampaignRow, type CampaignTeamRow } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { placeOf, type Place } from '~/server/lib/campaign-times';
import type { SignedLinks } from '~/server/lib/signed-link';
import { enqueueJob } from '~/server/jobs/enqueue-job';
import type { JobHandler } from '~/server/jobs/types';
import { exponentialBackoff } from '~/server/jobs/backoff';
import type { Mailer } from '~/server/mail/mailer';
import { renderMail } from '~/server/mail/templates';
import type { MailContext } from '~/server/mail/templates/layout';
import { nextAmbassadorSendTime } from './ambassador-send-time';
import { giftNoteOf, welcomeNoteOf, type LeaderNote } from './leader-notes';

/**
 * The outbox kind of a mail to a team leader (a gift's note, the team's opening): held at night,
 * Shabbat and Yom Tov.
 */
export const AMBASSADOR_MAIL_JOB_KIND = 'campaign.ambassador-mail';

/**
 * What the job holds: which mail, by id only. What it says (who gave, how much, to whom) is read
 * when it goes, so a gift refunded or a name erased meanwhile is not mailed, and no copy of a
 * name or an amount waits in the outbox.
 */
const payloadSchema = z.union([
  z.object({ note: z.literal('welcome'), teamId: z.string(), to: z.string() }),
  // Gift notes queued before the note had a kind carry only their gift (and what they said).
  z.object({ note: z.literal('gift').optional(), donationId: z.string() }),
]);
type AmbassadorMailPayload = z.infer<typeof payloadSchema>;

const keyOf = (job: AmbassadorMailPayload) =>
  'donationId' in job
    ? `ambassador-gift:${job.donationId}`
    : `ambassador-welcome:${job.teamId}:${job.to}`;

/**
 * Queues the team leader's note of a gift in the transaction that records the gift (or credits
 * it to the team), due now: the job decides when it may go. Keyed by the gift: the note goes once
 * however often this runs.
 */
export async function queueAmbassadorGiftMail(
  tx: DatabaseExecutor,
  donationId: string,
  now: Date,
): Promise<{ created: boolean }> {
  const payload: AmbassadorMailPayload = { note: 'gift', donationId };
  return enqueueJob(tx, {
    kind: AMBASSADOR_MAIL_JOB_KIND,
    key: keyOf(payload),
    payload,
    runAt: now,
  });
}

/**
 * Queues the mail that tells a leader their team is open, due now (the job holds it as the
 * gifts' notes). Once per team and leader address: saving the team again sends nothing more, a
 * new leader address gets its own.
 */
export async function queueAmbassadorWelcome(
  tx: DatabaseExecutor,
  team: { id: string; leaderEmail: string },
  now: Date,
): Promise<{ created: boolean }> {
  const payload: AmbassadorMailPayload = {
    note: 'welcome',
    teamId: team.id,
    to: team.leaderEmail.toLowerCase(),
  };
  return enqueueJob(tx, {
    kind: AMBASSADOR_MAIL_JOB_KIND,
    key: keyOf(payload),
    payload,
    runAt: now,
  });
}

/**
 * Tells the leader of an approved team of a published campaign that the team is open (the job
 * sends it once per team and address, outside quiet hours): when the office approves or makes
 * it, gives it a new leader address, or publishes its campaign.
 */
export async function welcomeOpenTeams(
  tx: DatabaseExecutor,
  campaign: Pick<CampaignRow, 'id' | 'status'>,
  now: Date,
  teams?: CampaignTeamRow[],
) {
  if (campaign.status !== 'published') return;
  const rows =
    teams ??
    (await tx
      .select()
      .from(campaignTeams)
      .where(and(eq(campaignTeams.campaignId, campaign.id), eq(campaignTeams.status, 'approved'))));
  for (const row of rows) {
    if (row.status === 'approved') await queueAmbassadorWelcome(tx, row, now);
  }
}

/** What the job needs from the app, read when it runs. */
export interface AmbassadorMailDeps {
  db: DatabaseExecutor;
  mailer: Mailer;
  mailContext: () => Promise<MailContext>;
  links: SignedLinks;
  clock: () => Date;
  place: Place;
}

/** The handler's dependencies from the app, read lazily (the clock and signer are decorated after). */
export function ambassadorMailDeps(
  app: FastifyInstance,
  mailer: Mailer,
  mailContext: () => Promise<MailContext>,
): () => AmbassadorMailDeps {
  return () => ({
    db: app.database.db,
    mailer,
    mailContext,
    links: { linkSigner: app.linkSigner, publicUrl: app.env.PUBLIC_URL },
    clock: app.clock,
    place: placeOf(app.siteConfig),
  });
}

/**
 * Sends the mail, deciding the hold when it runs (the one place it is decided): a mail queued at
 * 23:00, a retry of one due at 21:59 that failed and came back at 22:00:30, or one a stopped
 * worker ran late, waits too. Inside a hold it queues its successor at the next allowed moment
 * (keyed by that moment, so a repeat of this run queues nothing more) and ends without sending,
 * spending no try of the mail. Then it reads what the mail says, or that there is nothing to say.
 */
export function ambassadorMailJobHandler(deps: () => AmbassadorMailDeps): JobHandler {
  return {
    // As the mail job: an SMTP outage of hours must not lose the note.
    maxAttempts: 16,
    backoff: exponentialBackoff({ baseMs: 30_000, capMs: 2 * 60 * 60_000 }),
    async run(raw) {
      const job = payloadSchema.parse(raw);
      const { db, mailer, mailContext, links, clock, place } = deps();
      const now = clock();
      const allowed = nextAmbassadorSendTime(now, place.timeZone, place);
      if (allowed > now) {
        await enqueueJob(db, {
          kind: AMBASSADOR_MAIL_JOB_KIND,
          key: `${keyOf(job)}:${allowed.toISOString()}`,
          payload: job,
          runAt: allowed,
        });
        return;
      }
      const ctx = { db, links, timeZone: place.timeZone, now };
      const note: LeaderNote | null =
        'donationId' in job
          ? await giftNoteOf(ctx, job.donationId)
          : await welcomeNoteOf(ctx, job.teamId, job.to);
      if (!note) return;
      await mailer.send({
        to: note.to,
        ...renderMail(await mailContext(), note.template, note.data),
      });
    },
  };
}
