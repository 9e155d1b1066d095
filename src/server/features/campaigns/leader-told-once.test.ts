import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '~/db/schema';
import { isoDateIn } from '~/shared/schedule';
import { zonedInstant } from '~/shared/zoned-time';
import { pruneSucceededJobs, succeededJobRetentionMs } from '~/server/jobs/prune-jobs';
import { signIn, type AdminSession } from '~tests/helpers/admin';
import { deliverEvent, drainOutbox, setUpStripeTestApp } from '~tests/helpers/stripe';
import { AMBASSADOR_MAIL_JOB_KIND } from './ambassador-mail';

// A leader hears of each gift through their team once, and that their team is open once, however
// long after the gift is settled again or the team saved again: the gift's and the team's rows
// remember it, not the outbox, which forgets a job a month after it ran. A gift moved to another
// team tells that team's leader once.

const t = setUpStripeTestApp();
const ny = (date: string, time: string) => zonedInstant(date, time, 'America/New_York')!;
const jumpTo = (at: Date) => t.app.advanceClock(at.getTime() - t.app.clock().getTime());
/** Five weeks on, the same weekday by day: past the outbox's month, outside quiet hours. */
const fiveWeeksOn = () => jumpTo(new Date(t.app.clock().getTime() + 35 * 86_400_000));
const mailTo = (to: string) => t.app.sentMail.filter((m) => m.to === to);
/** The kinds of mail sent to `to`, in A to Z order (the outbox sends due jobs side by side). */
const subjects = (to: string) =>
  mailTo(to)
    .map((m) => m.subject.split(/[:,]/)[0])
    .sort();

/** Runs what is due, then forgets the jobs that succeeded a month ago, as the worker does. */
async function pruned() {
  await drainOutbox(t.app);
  const { db } = t.app.database;
  await pruneSucceededJobs(db, new Date(t.app.clock().getTime() - succeededJobRetentionMs));
  expect(await db.select().from(jobs).where(eq(jobs.kind, AMBASSADOR_MAIL_JOB_KIND))).toEqual([]);
}

let n = 0;
/** The office's session: a new one after the clock moves on five weeks. */
let admin: AdminSession;
const send = (method: 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

/** A campaign running for two months by day, with teams led from the addresses given. */
async function campaignWithTeams(...leaders: string[]) {
  const at = (h: number) => new Date(t.app.clock().getTime() + h * 3_600_000).toISOString();
  const made = await send('POST', '/api/admin/campaigns', {
    slug: `told-once-${++n}`,
    title: 'Told once',
    goal: 10_000,
    startsAt: at(-1),
    endsAt: at(60 * 24),
    status: 'published',
    pauseForShabbat: false,
  });
  expect(made.statusCode, made.body).toBe(201);
  const campaign = made.json().campaign as { id: string; slug: string };
  const teams = [];
  for (const [i, leaderEmail] of leaders.entries()) {
    const body = { name: `Team ${i + 1}`, leaderName: `Leader ${i + 1}`, leaderEmail };
    const res = await send('POST', `/api/admin/campaigns/${campaign.id}/teams`, body);
    expect(res.statusCode, res.body).toBe(201);
    const team = res.json().team as { id: string; slug: string };
    const save = (changes: object = {}) =>
      send('PUT', `/api/admin/campaigns/${campaign.id}/teams/${team.id}`, {
        ...body,
        slug: team.slug,
        ...changes,
      });
    teams.push({ ...team, save });
  }
  return { campaign, teams };
}

describe('a leader is told once', () => {
  it('of a gift refunded in part five weeks later, and that the team is open when it is saved again', async () => {
    jumpTo(ny('2031-06-10', '14:00'));
    admin = await signIn(t.app, { username: 'told-once-office' });
    const {
      campaign,
      teams: [team],
    } = await campaignWithTeams('told.a@example.org');
    const pi = await t.startCheckout({
      amount: 50,
      campaign: campaign.slug,
      team: team!.slug,
      wall: 'full',
      name: 'Leah Stern',
      email: 'leah.told@example.org',
    });
    const paid = await deliverEvent(
      t.app,
      t.standIn.event('payment_intent.succeeded', t.standIn.pay(pi.id)),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    await drainOutbox(t.app);
    expect(subjects('told.a@example.org')).toEqual([
      'A gift through your team',
      'Your team is open',
    ]);

    fiveWeeksOn();
    await pruned();
    admin = await signIn(t.app, admin.user);
    const refund = await deliverEvent(
      t.app,
      t.standIn.event('charge.refunded', t.standIn.refund(pi.id, 1000)),
    );
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await t.donationOf(pi.id)).refundedCents).toBe(1000);
    const saved = await team!.save({ goal: 1800 });
    expect(saved.statusCode, saved.body).toBe(200);
    await drainOutbox(t.app);
    expect(mailTo('told.a@example.org')).toHaveLength(2);

    // A new leader address is told once; the team saved again tells no one.
    expect((await team!.save({ leaderEmail: 'told.new@example.org' })).statusCode).toBe(200);
    expect((await team!.save({ leaderEmail: 'told.new@example.org' })).statusCode).toBe(200);
    await drainOutbox(t.app);
    expect(subjects('told.new@example.org')).toEqual(['Your team is open']);
    expect(mailTo('told.a@example.org')).toHaveLength(2);
  });

  it('of a gift the office moves to another team, whose leader is told once too', async () => {
    jumpTo(new Date(Math.max(t.app.clock().getTime(), ny('2031-07-22', '14:00').getTime())));
    admin = await signIn(t.app, { username: 'moved-gift-office' });
    const {
      campaign,
      teams: [first, second],
    } = await campaignWithTeams('moved.a@example.org', 'moved.b@example.org');
    const cheque = {
      name: 'Dina Levi',
      email: 'dina.moved@example.org',
      amount: 100,
      method: 'check',
      receivedOn: isoDateIn(t.app.clock(), t.app.siteConfig.timeZone),
      reference: '5150',
      campaign: campaign.slug,
      team: first!.slug,
      wall: 'full',
    };
    const recorded = await send('POST', '/api/admin/offline-gifts', cheque);
    expect(recorded.statusCode, recorded.body).toBe(201);
    const id = recorded.json().gift.id as string;
    expect((await send('POST', `/api/admin/offline-gifts/${id}/clear`)).statusCode).toBe(200);
    await drainOutbox(t.app);
    expect(subjects('moved.a@example.org')).toEqual([
      'A gift through your team',
      'Your team is open',
    ]);

    const edit = async (changes: object) => {
      const res = await send('PUT', `/api/admin/offline-gifts/${id}`, {
        ...cheque,
        reason: 'Typed wrongly',
        ...changes,
      });
      expect(res.statusCode, res.body).toBe(200);
      await drainOutbox(t.app);
    };
    await edit({ team: second!.slug });
    expect(subjects('moved.b@example.org')).toEqual([
      'A gift through your team',
      'Your team is open',
    ]);

    fiveWeeksOn();
    await pruned();
    admin = await signIn(t.app, admin.user);
    await edit({ team: second!.slug, amount: 120 });
    // Moved back, its first leader was told of it already.
    await edit({ team: first!.slug });
    expect(mailTo('moved.b@example.org')).toHaveLength(2);
    expect(mailTo('moved.a@example.org')).toHaveLength(2);
  });

  it('of a monthly gift whose plan ends five weeks later', async () => {
    jumpTo(new Date(Math.max(t.app.clock().getTime(), ny('2031-09-09', '14:00').getTime())));
    admin = await signIn(t.app, { username: 'ended-plan-office' });
    const {
      campaign,
      teams: [team],
    } = await campaignWithTeams('monthly.a@example.org');
    const { pi, subscriptionId, invoiceId } = await t.startMonthly({
      amount: 18,
      campaign: campaign.slug,
      team: team!.slug,
      wall: 'full',
      name: 'Monthly Giver',
      email: 'monthly.told@example.org',
    });
    await t.payFirstInvoice({ pi, invoiceId });
    await drainOutbox(t.app);
    expect(subjects('monthly.a@example.org')).toEqual([
      'A gift through your team',
      'Your team is open',
    ]);

    fiveWeeksOn();
    await pruned();
    const ended = await deliverEvent(
      t.app,
      t.standIn.event(
        'customer.subscription.deleted',
        t.standIn.cancelSubscription(subscriptionId),
      ),
    );
    expect(ended.statusCode, ended.body).toBe(200);
    await drainOutbox(t.app);
    expect(mailTo('monthly.a@example.org')).toHaveLength(2);
  });
});
