import siteConfig from '@site-config';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaigns, jobs } from '~/db/schema';
import { siteConfigSchema } from '~/shared/site-config-schema';
import { zonedInstant } from '~/shared/zoned-time';
import { placeOf } from '~/server/lib/campaign-times';
import { createJobWorker } from '~/server/jobs/job-worker';
import { fakeClock, jobsTestDatabase, recordingLogger } from '~/server/jobs/job-test-kit';
import { renderMail } from '~/server/mail/templates';
import { createMemoryMailer } from '~tests/helpers/mail';
import {
  AMBASSADOR_MAIL_JOB_KIND,
  ambassadorGiftShown,
  ambassadorMailJobHandler,
  queueAmbassadorGiftMail,
  type AmbassadorGiftMail,
} from './ambassador-mail';

const site = siteConfigSchema.parse(siteConfig);
const place = placeOf(site);
const ctx = { site, publicUrl: 'https://tziyun.test' };
const ny = (date: string, time: string) => zonedInstant(date, time, place.timeZone)!;
const data = {
  campaignTitle: 'Chai Day',
  teamName: 'The Levy family',
  leaderName: 'Dovid Levy',
  currency: 'usd',
};

describe('how a gift shows in its team leader’s note', () => {
  const office = (ambassadorMailShowsAmount: boolean) => ({ ambassadorMailShowsAmount });
  it('uses the wall’s name and shows the amount only if the office and the donor both do', () => {
    const named = { wallDisplay: 'full' as const, donorName: 'Sara Cohen' };
    expect(ambassadorGiftShown(named, office(false))).toEqual({
      donorShownAs: 'Sara Cohen',
      showAmount: false,
    });
    expect(ambassadorGiftShown(named, office(true)).showAmount).toBe(true);
    expect(
      ambassadorGiftShown({ wallDisplay: 'initials', donorName: 'Sara Cohen' }, office(true)),
    ).toEqual({ donorShownAs: 'S. C.', showAmount: true });
    // "My name only" keeps the amount from the leader too; so does "Not on the wall".
    expect(ambassadorGiftShown({ wallDisplay: 'name', donorName: 'Sara' }, office(true))).toEqual({
      donorShownAs: 'Sara',
      showAmount: false,
    });
    expect(ambassadorGiftShown({ wallDisplay: 'hidden', donorName: 'Sara' }, office(true))).toEqual(
      { donorShownAs: 'Anonymous', showAmount: false },
    );
    expect(
      ambassadorGiftShown({ wallDisplay: 'anonymous', donorName: 'Sara' }, office(false)),
    ).toEqual({ donorShownAs: 'Anonymous', showAmount: false });
  });

  it('says who gave and, by default, not how much', () => {
    const mail = renderMail(ctx, 'ambassador-gift', {
      ...data,
      donorShownAs: 'Sara Cohen',
      amountCents: null,
    });
    expect(mail.subject).toBe('A gift through your team, The Levy family');
    expect(mail.text).toContain('Dear Dovid Levy,');
    expect(mail.text).toContain('Sara Cohen gave to Chai Day through your team, The Levy family.');
    expect(mail.text).toContain('The amount stays between the donor and the office.');
    expect(mail.text).toContain('Please do not ask them for more');
    expect(mail.text).not.toMatch(/\$/);
    expect(mail.html).not.toMatch(/\$\d/);
  });

  it('says the amount when the office allows it', () => {
    const mail = renderMail(ctx, 'ambassador-gift', {
      ...data,
      donorShownAs: 'Sara Cohen',
      amountCents: 18_000,
    });
    expect(mail.text).toContain('Sara Cohen gave $180.00 to Chai Day through your team');
    expect(mail.html).toContain('$180.00');
    expect(mail.text).not.toContain('The amount stays');
  });

  it('names no one for an anonymous gift', () => {
    const mail = renderMail(ctx, 'ambassador-gift', {
      ...data,
      donorShownAs: 'Anonymous',
      amountCents: null,
    });
    expect(mail.text).toContain('Anonymous gave to Chai Day through your team');
    expect(mail.text).toContain('This donor asked to stay anonymous');
    expect(mail.text).not.toContain('Please do not ask them');
  });
});

describe('the note’s hold in the outbox', () => {
  const t = jobsTestDatabase();
  let campaignId: string;
  beforeAll(async () => {
    const [row] = await t.db
      .insert(campaigns)
      .values({
        slug: 'chai-day',
        title: 'Chai Day',
        goalCents: 1_800_000,
        startsAt: new Date('2026-12-01T00:00:00Z'),
        endsAt: new Date('2026-12-20T00:00:00Z'),
        status: 'published',
      })
      .returning({ id: campaigns.id });
    campaignId = row!.id;
  });

  function setUp(start: Date) {
    const clock = fakeClock(start);
    const mailer = createMemoryMailer();
    const worker = createJobWorker({
      db: t.db,
      logger: recordingLogger(),
      clock: clock.now,
      handlers: {
        [AMBASSADOR_MAIL_JOB_KIND]: ambassadorMailJobHandler(() => ({
          db: t.db,
          mailer,
          mailContext: async () => ctx,
          clock: clock.now,
          place,
        })),
      },
    });
    return { clock, mailer, worker };
  }

  const gift = (over: Partial<AmbassadorGiftMail> = {}): AmbassadorGiftMail => ({
    campaignId,
    teamName: 'The Levy family',
    leaderName: 'Dovid Levy',
    leaderEmail: 'leader@example.org',
    donorShownAs: 'Sara Cohen',
    amountCents: 18_000,
    showAmount: false,
    donationId: crypto.randomUUID(),
    ...over,
  });

  const queue = (g: AmbassadorGiftMail, now: Date) =>
    t.db.transaction((tx) => queueAmbassadorGiftMail(tx, g, { now, place }));

  const jobRows = () =>
    t.db
      .select({ status: jobs.status, runAt: jobs.runAt, payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, AMBASSADOR_MAIL_JOB_KIND))
      .orderBy(asc(jobs.id));

  it('sends at 21:59 at once, and once however often it is queued', async () => {
    const now = ny('2026-12-02', '21:59');
    const { worker, mailer } = setUp(now);
    const g = gift();
    expect(await queue(g, now)).toEqual({ created: true, runAt: now });
    expect((await queue(g, now)).created).toBe(false);
    await worker.runOnce();
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: 'leader@example.org' });
    // The amount was not to be shown: the stored job does not hold it either.
    expect(JSON.stringify((await jobRows())[0]!.payload)).not.toContain('18000');
  });

  it('queues a gift at 22:00 for 08:00 the next morning', async () => {
    const now = ny('2026-12-02', '22:00');
    const { worker, mailer, clock } = setUp(now);
    const { runAt } = await queue(gift({ showAmount: true }), now);
    expect(runAt).toEqual(ny('2026-12-03', '08:00'));
    await worker.runOnce();
    expect(mailer.sent).toHaveLength(0);
    clock.advance(runAt.getTime() - now.getTime());
    await worker.runOnce();
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.text).toContain('Sara Cohen gave $180.00 to Chai Day');
  });

  it('does not let a retry after a failure land in the night: it waits for the morning', async () => {
    const now = ny('2026-12-02', '21:59');
    const { worker, mailer, clock } = setUp(now);
    await queue(gift(), now);
    mailer.failNext(1);
    await worker.runOnce();
    expect(mailer.sent).toHaveLength(0);
    // The retry comes due after 22:00.
    clock.advance(10 * 60_000);
    await worker.runOnce();
    expect(mailer.sent).toHaveLength(0);
    const rows = await jobRows();
    expect(rows.map((r) => r.status)).toEqual(['succeeded', 'pending']);
    expect(rows[1]!.runAt).toEqual(ny('2026-12-03', '08:00'));
    // The same run repeated (a worker that died before recording it) queues nothing more.
    clock.advance(60_000);
    await worker.runOnce();
    expect(await jobRows()).toHaveLength(2);
    clock.advance(ny('2026-12-03', '08:00').getTime() - clock.now().getTime());
    await worker.runOnce();
    expect(mailer.sent).toHaveLength(1);
    expect((await jobRows()).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('holds a job found due on Shabbat until havdalah', async () => {
    // Queued on Friday morning, but the worker only gets to it after candle lighting.
    const friday = ny('2026-12-04', '10:00');
    const { worker, mailer, clock } = setUp(friday);
    await queue(gift(), friday);
    clock.advance(ny('2026-12-04', '17:00').getTime() - friday.getTime());
    await worker.runOnce();
    expect(mailer.sent).toHaveLength(0);
    const waiting = (await jobRows())[1]!;
    expect(waiting.status).toBe('pending');
    expect(waiting.runAt.getTime()).toBeGreaterThan(ny('2026-12-05', '16:30').getTime());
    expect(waiting.runAt.getTime()).toBeLessThan(ny('2026-12-05', '18:30').getTime());
  });
});
