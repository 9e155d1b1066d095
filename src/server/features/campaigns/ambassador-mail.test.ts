import siteConfig from '@site-config';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignTeams, campaigns, donations, jobs } from '~/db/schema';
import { siteConfigSchema } from '~/shared/site-config-schema';
import { zonedInstant } from '~/shared/zoned-time';
import { placeOf } from '~/server/lib/campaign-times';
import { createJobWorker } from '~/server/jobs/job-worker';
import { fakeClock, jobsTestDatabase, recordingLogger } from '~/server/jobs/job-test-kit';
import { renderMail } from '~/server/services/mail/templates';
import { createLinkSigner } from '~/server/lib/signed-link';
import { donationRow } from '~tests/helpers/donations';
import { createMemoryMailer } from '~tests/helpers/mail';
import {
  AMBASSADOR_MAIL_JOB_KIND,
  ambassadorMailJobHandler,
  queueAmbassadorGiftMail,
  queueAmbassadorWelcome,
} from './ambassador-mail';
import { ambassadorGiftShown, leaderGiftView } from './leader-gift-view';

const site = siteConfigSchema.parse(siteConfig);
const place = placeOf(site);
const ctx = { site, publicUrl: 'https://tziyun.test' };
const ny = (date: string, time: string) => zonedInstant(date, time, place.timeZone)!;
const data = {
  campaignTitle: 'Chai Day',
  teamName: 'The Levy family',
  leaderName: 'Dovid Levy',
  currency: 'usd',
  monthly: false,
  listUrl: null,
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

  it('says a monthly gift is monthly, and carries the leader’s list link while it is open', () => {
    const listUrl = 'https://tziyun.test/campaign/chai-day/team/levy/list?token=abc';
    const mail = renderMail(ctx, 'ambassador-gift', {
      ...data,
      donorShownAs: 'Sara Cohen',
      amountCents: 3_600,
      monthly: true,
      listUrl,
    });
    expect(mail.text).toContain('Sara Cohen gave $36.00 a month to Chai Day');
    expect(mail.text).toContain(`who asked not to be asked again:\n${listUrl}`);
    expect(mail.html).toContain(`href="${listUrl}"`);
    expect(mail.text).toContain('never write to team leaders at night (10 pm to 8 am)');
    const hidden = renderMail(ctx, 'ambassador-gift', {
      ...data,
      donorShownAs: 'Sara Cohen',
      amountCents: null,
      monthly: true,
    });
    expect(hidden.text).toContain('Sara Cohen gave monthly to Chai Day');
    expect(hidden.text).not.toContain('list');
  });

  it('counts what the team counts: no covered fee, no refunded part, each month’s of a monthly gift', () => {
    const gift = {
      wallDisplay: 'full' as const,
      donorName: 'Sara Cohen',
      donationType: 'onetime' as const,
      amountCents: 10_300,
      feeCents: 300,
      refundedCents: 2_000,
    };
    const shows = { ambassadorMailShowsAmount: true };
    expect(leaderGiftView(gift, shows)).toEqual({
      name: 'Sara Cohen',
      amountCents: 8_000,
      monthly: false,
    });
    expect(leaderGiftView({ ...gift, donationType: 'subscription' }, shows)).toMatchObject({
      amountCents: 10_000,
      monthly: true,
    });
    expect(leaderGiftView(gift, { ambassadorMailShowsAmount: false }).amountCents).toBeNull();
    expect(leaderGiftView({ ...gift, wallDisplay: 'anonymous' }, shows)).toEqual({
      name: 'Anonymous',
      amountCents: 8_000,
      monthly: false,
    });
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

describe('the leaders’ mails in the outbox', () => {
  const t = jobsTestDatabase();
  let campaignId: string;
  let teamId: string;
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
    const [team] = await t.db
      .insert(campaignTeams)
      .values({
        campaignId,
        slug: 'levy',
        name: 'The Levy family',
        leaderName: 'Dovid Levy',
        leaderEmail: 'leader@example.org',
        status: 'approved',
      })
      .returning({ id: campaignTeams.id });
    teamId = team!.id;
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
          links: { linkSigner: createLinkSigner(Buffer.alloc(32, 1)), publicUrl: ctx.publicUrl },
          clock: clock.now,
          place,
        })),
      },
    });
    return { clock, mailer, worker };
  }

  /** A paid $180 gift through the team by Sara Cohen, full name and amount on the wall. */
  async function gift(over: Partial<typeof donations.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(donations)
      .values(
        donationRow({
          donorName: 'Sara Cohen',
          email: 'sara@example.org',
          amountCents: 18_000,
          campaignId,
          teamId,
          wallDisplay: 'full',
          ...over,
        }),
      )
      .returning({ id: donations.id });
    return row!.id;
  }

  const showAmounts = (on: boolean) =>
    t.db
      .update(campaigns)
      .set({ ambassadorMailShowsAmount: on })
      .where(eq(campaigns.id, campaignId));

  const queue = (donationId: string, now: Date) =>
    t.db.transaction((tx) => queueAmbassadorGiftMail(tx, { id: donationId, teamId }, now));

  const jobRows = () =>
    t.db
      .select({ status: jobs.status, runAt: jobs.runAt, payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, AMBASSADOR_MAIL_JOB_KIND))
      .orderBy(asc(jobs.id));

  it('sends at 21:59 at once, once however often it is queued, and stores no name or amount', async () => {
    const now = ny('2026-12-02', '21:59');
    const { worker, mailer } = setUp(now);
    const id = await gift();
    expect(await queue(id, now)).toEqual({ created: true });
    expect(await queue(id, now)).toEqual({ created: false });
    const stored = JSON.stringify((await jobRows())[0]!.payload);
    expect(stored).not.toContain('Sara');
    expect(stored).not.toContain('18000');
    await worker.runOnce();
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: 'leader@example.org' });
    expect(mailer.sent[0]!.text).toContain('Sara Cohen gave to Chai Day through your team');
    // The leader's list, signed for the team, until a month after the campaign.
    expect(mailer.sent[0]!.text).toMatch(
      /https:\/\/tziyun\.test\/campaign\/chai-day\/team\/levy\/list\?token=\S+/,
    );
  });

  it('waits from 22:00 to 08:00 the next morning, then says the amount when the office allows it', async () => {
    const now = ny('2026-12-02', '22:00');
    const { worker, mailer, clock } = setUp(now);
    await showAmounts(true);
    try {
      await queue(await gift(), now);
      await worker.runOnce();
      expect(mailer.sent).toHaveLength(0);
      const waiting = (await jobRows())[1]!;
      expect(waiting).toMatchObject({ status: 'pending', runAt: ny('2026-12-03', '08:00') });
      clock.advance(waiting.runAt.getTime() - now.getTime());
      await worker.runOnce();
      expect(mailer.sent).toHaveLength(1);
      expect(mailer.sent[0]!.text).toContain('Sara Cohen gave $180.00 to Chai Day');
    } finally {
      await showAmounts(false);
    }
  });

  it('does not let a retry after a failure land in the night: it waits for the morning', async () => {
    const now = ny('2026-12-02', '21:59');
    const { worker, mailer, clock } = setUp(now);
    await queue(await gift(), now);
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
    await queue(await gift(), friday);
    clock.advance(ny('2026-12-04', '17:00').getTime() - friday.getTime());
    await worker.runOnce();
    expect(mailer.sent).toHaveLength(0);
    const waiting = (await jobRows())[1]!;
    expect(waiting.status).toBe('pending');
    expect(waiting.runAt.getTime()).toBeGreaterThan(ny('2026-12-05', '16:30').getTime());
    expect(waiting.runAt.getTime()).toBeLessThan(ny('2026-12-05', '18:30').getTime());
  });

  it('sends nothing for a gift refunded, disputed, failed or voided before the morning', async () => {
    const night = ny('2026-12-07', '23:30');
    const { worker, mailer, clock } = setUp(night);
    const changes: Partial<typeof donations.$inferInsert>[] = [
      { paymentStatus: 'refunded', refundedCents: 18_000 },
      { paymentStatus: 'disputed' },
      { paymentStatus: 'failed' },
      { voidedAt: night },
    ];
    const ids = [];
    for (const _ of changes) ids.push(await gift());
    for (const id of ids) await queue(id, night);
    await worker.runOnce();
    for (const [i, change] of changes.entries()) {
      await t.db.update(donations).set(change).where(eq(donations.id, ids[i]!));
    }
    clock.advance(ny('2026-12-08', '08:00').getTime() - night.getTime());
    await worker.runOnce();
    expect(mailer.sent).toEqual([]);
    expect((await jobRows()).every((r) => r.status === 'succeeded')).toBe(true);
  });

  it('tells a leader their team is open, at the next allowed moment, only while it is', async () => {
    const night = ny('2026-12-08', '23:00');
    const { worker, mailer, clock } = setUp(night);
    const welcome = (leaderEmail: string) =>
      t.db.transaction((tx) => queueAmbassadorWelcome(tx, { id: teamId, leaderEmail }, night));
    expect(await welcome('Leader@Example.org')).toEqual({ created: true });
    expect(await welcome('leader@example.org')).toEqual({ created: false });
    // Queued for an address the team no longer has: the new address has its own.
    await welcome('former.leader@example.org');
    await worker.runOnce();
    expect(mailer.sent).toHaveLength(0);
    clock.advance(ny('2026-12-09', '08:00').getTime() - night.getTime());
    await worker.runOnce();
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      ['leader@example.org', 'Your team is open: The Levy family'],
    ]);
    const text = mailer.sent[0]!.text;
    expect(text).toContain('https://tziyun.test/campaign/chai-day/team/levy\n');
    expect(text).toMatch(/\/campaign\/chai-day\/team\/levy\/list\?token=/);
    expect(text).toContain('It is for you only, and it works until Monday, January 18, 2027');
    expect(text).toContain('The amounts stay between the donors and the office.');
    expect(text).toContain('never write to team leaders at night (10 pm to 8 am)');
  });
});
