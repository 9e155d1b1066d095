import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { and, eq, isNull } from 'drizzle-orm';
import { campaignTeams, type CampaignRow } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { placeOf, type Place } from '~/server/lib/campaign-times';
import type { SignedLinks } from '~/server/lib/signed-link';
import { enqueueJob } from '~/server/jobs/enqueue-job';
import type { JobHandler } from '~/server/jobs/types';
import { exponentialBackoff } from '~/server/jobs/backoff';
import type { Mailer } from '~/server/services/mail/mailer';
import { renderMail } from '~/server/services/mail/templates';
import type { MailContext } from '~/server/services/mail/templates/layout';
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
  // Gift notes queued before the note named its team carry only their gift; older ones no kind.
  z.object({
    note: z.literal('gift').optional(),
    donationId: z.string(),
    teamId: z.string().optional(),
  }),
]);
type AmbassadorMailPayload = z.infer<typeof payloadSchema>;

const keyOf = (job: AmbassadorMailPayload) =>
  'donationId' in job
    ? ['ambassador-gift', job.donationId, job.teamId].filter(Boolean).join(':')
    : `ambassador-welcome:${job.teamId}:${job.to}`;

/**
 * Queues the note to the leader of the team a gift is through, in the transaction that records
 * the gift (or credits it to the team), due now: the job decides when it may go. Whether the
 * leader was told already is the gift's to say (team-gift-mail.ts), not the outbox's, which
 * forgets a job a month after it ran.
 */
export async function queueAmbassadorGiftMail(
  tx: DatabaseExecutor,
  gift: { id: string; teamId: string },
  now: Date,
): Promise<{ created: boolean }> {
  const payload: AmbassadorMailPayload = { note: 'gift', donationId: gift.id, teamId: gift.teamId };
  return enqueueJob(tx, {
    kind: AMBASSADOR_MAIL_JOB_KIND,
    key: keyOf(payload),
    payload,
    runAt: now,
  });
}

/**
 * Queues the mail that tells a leader their team is open, due now (the job holds it as the
 * gifts' notes). Keyed by the moment the team was marked welcomed, since the team's row, not the
 * outbox, remembers it was (welcomeOpenTeams).
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
    key: `${keyOf(payload)}:${now.toISOString()}`,
    payload,
    runAt: now,
  });
}

/**
 * Tells the leader of each approved team of a published campaign (or of the one team named)
 * that the team is open, once per team and leader address: the team's row is marked welcomed in
 * the transaction that queues the mail, and only a team not yet marked is (a new leader address
 * clears the mark, save-team.ts). Called when the office approves or makes a team, edits it, or
 * publishes its campaign; the job sends it outside quiet hours.
 */
export async function welcomeOpenTeams(
  tx: DatabaseExecutor,
  campaign: Pick<CampaignRow, 'id' | 'status'>,
  now: Date,
  teamId?: string,
) {
  if (campaign.status !== 'published') return;
  const welcomed = await tx
    .update(campaignTeams)
    .set({ leaderWelcomedAt: now })
    .where(
      and(
        eq(campaignTeams.campaignId, campaign.id),
        teamId ? eq(campaignTeams.id, teamId) : undefined,
        eq(campaignTeams.status, 'approved'),
        isNull(campaignTeams.leaderWelcomedAt),
      ),
    )
    .returning({ id: campaignTeams.id, leaderEmail: campaignTeams.leaderEmail });
  for (const team of welcomed) await queueAmbassadorWelcome(tx, team, now);
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
          ? await giftNoteOf(ctx, job.donationId, job.teamId)
          : await welcomeNoteOf(ctx, job.teamId, job.to);
      if (!note) return;
      await mailer.send({
        to: note.to,
        ...renderMail(await mailContext(), note.template, note.data),
      });
    },
  };
}
