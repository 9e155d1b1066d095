import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { campaigns } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { WallDisplay } from '~/shared/domain';
import { placeOf, type Place } from '~/server/lib/campaign-times';
import { enqueueJob } from '~/server/jobs/enqueue-job';
import type { JobHandler } from '~/server/jobs/types';
import { exponentialBackoff } from '~/server/jobs/backoff';
import type { Mailer } from '~/server/mail/mailer';
import { renderMail } from '~/server/mail/templates';
import type { MailContext } from '~/server/mail/templates/layout';
import { nextAmbassadorSendTime } from './ambassador-send-time';
import { wallName } from './wall';

/** The outbox kind of a team leader's note of a gift: held at night, Shabbat and Yom Tov. */
export const AMBASSADOR_MAIL_JOB_KIND = 'campaign.ambassador-mail';

/** One gift through a team, as its leader is to hear of it. */
export interface AmbassadorGiftMail {
  campaignId: string;
  teamName: string;
  leaderName: string;
  leaderEmail: string;
  /** `ambassadorGiftShown(…).donorShownAs`: the wall's name of the gift ("Anonymous" …). */
  donorShownAs: string;
  /** The gift in cents; in the mail only when `showAmount`. */
  amountCents: number;
  /** `ambassadorGiftShown(…).showAmount`: the office's setting and the donor's choice. */
  showAmount: boolean;
  donationId: string;
  /** The gift's currency; 'usd' when left out. */
  currency?: string;
}

/** When the note is queued and where the site keeps its nights and Shabbat. */
export interface AmbassadorMailClock {
  now: Date;
  /** Where the site keeps its nights; without it the note is due now and its job waits. */
  place?: Place;
}

/**
 * How a gift appears in its team leader's note: by the name the donor chose for the wall (an
 * anonymous or hidden gift is "Anonymous", initials are initials), and with its amount only if
 * the office's campaign setting allows it and the donor's choice shows an amount on the wall
 * ("My name only" and "Not on the wall" do not).
 */
export function ambassadorGiftShown(
  gift: { wallDisplay: WallDisplay | null; donorName: string | null },
  campaign: { ambassadorMailShowsAmount: boolean },
): { donorShownAs: string; showAmount: boolean } {
  const amountOnTheWall = gift.wallDisplay !== 'name' && gift.wallDisplay !== 'hidden';
  return {
    donorShownAs: wallName(gift.wallDisplay, gift.donorName),
    showAmount: campaign.ambassadorMailShowsAmount && amountOnTheWall,
  };
}

const payloadSchema = z.object({
  donationId: z.string(),
  to: z.email(),
  data: z.object({
    campaignTitle: z.string(),
    teamName: z.string(),
    leaderName: z.string(),
    donorShownAs: z.string(),
    amountCents: z.number().int().nullable(),
    currency: z.string(),
  }),
});
type AmbassadorMailPayload = z.infer<typeof payloadSchema>;

const jobKey = (donationId: string) => `ambassador-gift:${donationId}`;

/**
 * Queues the team leader's note of a gift in the transaction that records the gift (or credits
 * it to the team), due at the first moment outside the night and Shabbat or Yom Tov. Keyed by
 * the gift: the note goes once however often this runs. The amount is left out of the stored
 * job unless it may be shown, so no copy of it waits in the outbox.
 */
export async function queueAmbassadorGiftMail(
  tx: DatabaseExecutor,
  gift: AmbassadorGiftMail,
  { now, place }: AmbassadorMailClock,
): Promise<{ created: boolean; runAt: Date }> {
  const [campaign] = await tx
    .select({ title: campaigns.title })
    .from(campaigns)
    .where(eq(campaigns.id, gift.campaignId));
  if (!campaign) throw new Error(`no campaign ${gift.campaignId}`);
  const payload: AmbassadorMailPayload = {
    donationId: gift.donationId,
    to: gift.leaderEmail,
    data: {
      campaignTitle: campaign.title,
      teamName: gift.teamName,
      leaderName: gift.leaderName,
      donorShownAs: gift.donorShownAs,
      amountCents: gift.showAmount ? gift.amountCents : null,
      currency: gift.currency ?? 'usd',
    },
  };
  const runAt = place ? nextAmbassadorSendTime(now, place.timeZone, place) : now;
  const { created } = await enqueueJob(tx, {
    kind: AMBASSADOR_MAIL_JOB_KIND,
    key: jobKey(gift.donationId),
    payload,
    runAt,
  });
  return { created, runAt };
}

/** What the note's job needs from the app, read when it runs. */
export interface AmbassadorMailDeps {
  db: DatabaseExecutor;
  mailer: Mailer;
  mailContext: () => Promise<MailContext>;
  clock: () => Date;
  place: Place;
}

/** The handler's dependencies from the app, read lazily (the clock is decorated after). */
export function ambassadorMailDeps(
  app: FastifyInstance,
  mailer: Mailer,
  mailContext: () => Promise<MailContext>,
): () => AmbassadorMailDeps {
  return () => ({
    db: app.database.db,
    mailer,
    mailContext,
    clock: app.clock,
    place: placeOf(app.siteConfig),
  });
}

/**
 * Sends the note, checking the hold again when it runs: a job due at 21:59 that failed and came
 * back at 22:00:30, or one a stopped worker ran late, must not mail in the night either. Inside
 * a hold it queues its successor at the next allowed moment (keyed by that moment, so a repeat
 * of this run queues nothing more) and ends without sending, spending no try of the mail.
 */
export function ambassadorMailJobHandler(deps: () => AmbassadorMailDeps): JobHandler {
  return {
    // As the mail job: an SMTP outage of hours must not lose the note.
    maxAttempts: 16,
    backoff: exponentialBackoff({ baseMs: 30_000, capMs: 2 * 60 * 60_000 }),
    async run(raw) {
      const job = payloadSchema.parse(raw);
      const { db, mailer, mailContext, clock, place } = deps();
      const now = clock();
      const allowed = nextAmbassadorSendTime(now, place.timeZone, place);
      if (allowed > now) {
        await enqueueJob(db, {
          kind: AMBASSADOR_MAIL_JOB_KIND,
          key: `${jobKey(job.donationId)}:${allowed.toISOString()}`,
          payload: job,
          runAt: allowed,
        });
        return;
      }
      const rendered = renderMail(await mailContext(), 'ambassador-gift', job.data);
      await mailer.send({ to: job.to, ...rendered });
    },
  };
}
