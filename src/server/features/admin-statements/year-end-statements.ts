import type { FastifyInstance } from 'fastify';
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { donations, donors, statementSends } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { enqueueJob } from '~/server/jobs/enqueue-job';
import type { JobHandler } from '~/server/jobs/types';
import { zonedMidnight, zonedParts } from '~/server/lib/zoned-time';
import { enqueueMail } from '~/server/services/mail/mail-job';
import { donorOfEmail } from '~/server/services/donors/donor-of-email';
import { ERASED_MARK_PREFIX, statementPdfUrl } from '~/server/features/my-giving';

/** The yearly job: mails the past year's statements, then schedules next year's run. */
export const YEAR_END_STATEMENTS_JOB_KIND = 'statements.year-end';

const HOUR_MS = 60 * 60 * 1000;

/** When the statements of calendar year `year` go out: the configured day of `year + 1`, 9 AM. */
export function statementsSendAt(app: FastifyInstance, year: number): Date {
  const { month, day } = app.siteConfig.receipts.statementsSendOn;
  return new Date(
    zonedMidnight(year + 1, month, day, app.siteConfig.timeZone).getTime() + 9 * HOUR_MS,
  );
}

/** Queues the yearly run for `year`'s statements; the key makes it once per year. */
function scheduleRun(db: DatabaseExecutor, app: FastifyInstance, year: number) {
  return enqueueJob(db, {
    kind: YEAR_END_STATEMENTS_JOB_KIND,
    key: `statements:${year}`,
    payload: { year },
    runAt: statementsSendAt(app, year),
  });
}

/**
 * Makes sure the next yearly run is queued (when the server starts listening): the statements
 * of the year just ended if their day has not come yet, else those of the current year.
 */
export async function scheduleYearEndStatements(app: FastifyInstance) {
  const now = app.clock();
  const thisYear = zonedParts(now, app.siteConfig.timeZone).year;
  const year = now < statementsSendAt(app, thisYear - 1) ? thisYear - 1 : thisYear;
  await scheduleRun(app.database.db, app, year);
}

export interface YearDonor {
  email: string;
  name: string;
  keptCents: number;
  gifts: number;
}

/**
 * Every donor who gave in `year` (site time), by donor record (ADR 053: every address and method
 * of one person together, each gift once): what was received and kept (succeeded gifts less
 * refunds, none voided, as the donor dashboard counts), the gifts counted, the record's email (where the
 * statement goes) and the name of their latest gift. Ordered by email; `email` picks the record
 * that address belongs to.
 */
export async function donorsOfYear(app: FastifyInstance, year: number, email?: string) {
  const tz = app.siteConfig.timeZone;
  const address = sql<string>`lower(${donors.email})`;
  const net = sql`${donations.amountCents} - ${donations.refundedCents}`;
  const rows = await app.database.db
    .select({
      email: address,
      name: sql<
        string | null
      >`(array_agg(${donations.donorName} order by ${donations.createdAt} desc) filter (where ${donations.donorName} is not null))[1]`,
      keptCents: sql<number>`sum(${net})`.mapWith(Number),
      gifts: sql<number>`count(*)`.mapWith(Number),
    })
    .from(donations)
    .innerJoin(donors, eq(donors.id, donations.donorId))
    .where(
      and(
        eq(donations.paymentStatus, 'succeeded'),
        isNull(donations.voidedAt),
        sql`${net} > 0`,
        sql`${donors.email} is not null`,
        // An erased donor's gifts stay in the books under a mark, but they have no one to mail.
        sql`${donors.email} not like ${`${ERASED_MARK_PREFIX}%`}`,
        gte(donations.createdAt, zonedMidnight(year, 1, 1, tz)),
        lt(donations.createdAt, zonedMidnight(year + 1, 1, 1, tz)),
        email ? sql`${donations.donorId} = ${donorOfEmail(email)}` : undefined,
      ),
    )
    .groupBy(donors.id)
    .orderBy(address);
  return rows.map((r): YearDonor => ({ ...r, name: r.name?.trim() || 'Friend' }));
}

/**
 * Mails one donor their statement for `year`, once: the send is recorded with its mail's job in
 * one transaction, so a run that crashed and runs again skips who already has theirs. A re-send
 * (`again`) counts another send and queues another mail. Answers whether a mail was queued.
 */
export async function sendStatement(
  app: FastifyInstance,
  donor: YearDonor,
  year: number,
  { again = false }: { again?: boolean } = {},
) {
  const now = app.clock();
  return app.database.db.transaction(async (tx) => {
    const insert = tx
      .insert(statementSends)
      .values({ email: donor.email, year, firstSentAt: now, lastSentAt: now });
    const [row] = again
      ? await insert
          .onConflictDoUpdate({
            target: [statementSends.email, statementSends.year],
            set: { sends: sql`${statementSends.sends} + 1`, lastSentAt: now },
          })
          .returning()
      : await insert.onConflictDoNothing().returning();
    if (!row) return false;
    const links = { linkSigner: app.linkSigner, publicUrl: app.env.PUBLIC_URL };
    await enqueueMail(tx, {
      key: `statement:${year}:${donor.email}:${row.sends}`,
      to: donor.email,
      template: 'year-end-statement',
      data: {
        name: donor.name,
        year,
        keptCents: donor.keptCents,
        gifts: donor.gifts,
        pdfUrl: statementPdfUrl(links, donor.email, year, now),
        pageUrl: `${app.env.PUBLIC_URL}/my-giving`,
      },
    });
    return true;
  });
}

/** Mails `year`'s statements to every donor of the year (or one), skipping those already sent. */
export async function sendYearStatements(
  app: FastifyInstance,
  year: number,
  { email, again = false }: { email?: string; again?: boolean } = {},
) {
  let queued = 0;
  for (const donor of await donorsOfYear(app, year, email)) {
    if (await sendStatement(app, donor, year, { again })) queued += 1;
  }
  if (queued > 0) app.jobWorker.wake();
  return { queued };
}

const payloadSchema = z.object({ year: z.number().int() });

/**
 * The yearly run (Background Jobs shows it as `statements.year-end`): every statement of the
 * year, then next year's run. Resumable: a crash or a retry sends only what is not yet sent.
 */
export function yearEndStatementsJobHandler(app: FastifyInstance): JobHandler {
  return {
    maxAttempts: 10,
    async run(payload) {
      const { year } = payloadSchema.parse(payload);
      await sendYearStatements(app, year);
      await scheduleRun(app.database.db, app, year + 1);
    },
  };
}
