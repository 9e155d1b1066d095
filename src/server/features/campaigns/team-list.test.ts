import { and, asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignOptOuts, campaignTeams, campaigns, jobs } from '~/db/schema';
import { teamListMessages } from '~/shared/schemas/campaign-team-list';
import { zonedInstant } from '~/shared/zoned-time';
import { signIn } from '~tests/helpers/admin';
import { insertDonations } from '~tests/helpers/donations';
import { expectHiddenTokenPage } from '~tests/helpers/link-session';
import { pageData } from '~tests/helpers/page-forms';
import { deliverEvent, drainOutbox, setUpStripeTestApp } from '~tests/helpers/stripe';
import { TEAM_LIST_PURPOSE } from './team-list-link';

// A team leader's mails and list: the office's approval mails the leader (outside quiet hours)
// the team's page and their own list; each gift's note is checked again when it goes; the list
// opens from the mails' signed link only, and shows gifts as donors chose and opt-outs by name.

const t = setUpStripeTestApp();
const ny = (date: string, time: string) => zonedInstant(date, time, 'America/New_York')!;
/** The app's clock moved on to `at` (a Tuesday or Wednesday of 2031: no Shabbat, no Yom Tov). */
const jumpTo = (at: Date) => t.app.advanceClock(at.getTime() - t.app.clock().getTime());
const hours = (h: number) => new Date(t.app.clock().getTime() + h * 3_600_000).toISOString();

let n = 0;
let slugs = 0;
async function office() {
  const admin = await signIn(t.app, { username: `leader-office-${++n}` });
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: admin.headers, payload });
  return {
    /** A campaign running now (a draft when told), its API payload kept for a later save. */
    async campaign(changes: Record<string, unknown> = {}) {
      const payload = {
        slug: `leader-day-${++slugs}`,
        title: 'Leader Day',
        goal: 10_000,
        startsAt: hours(-1),
        endsAt: hours(23),
        status: 'published',
        pauseForShabbat: false,
        ...changes,
      };
      const res = await call('POST', '/api/admin/campaigns', payload);
      expect(res.statusCode, res.body).toBe(201);
      return { ...(res.json().campaign as { id: string; slug: string }), payload };
    },
    /** The office's team of the campaign (approved), led from `leaderEmail`. */
    team: (campaignId: string, leaderEmail: string) =>
      call('POST', `/api/admin/campaigns/${campaignId}/teams`, { ...team, leaderEmail }),
    call,
  };
}

const team = {
  name: 'The Katz Family',
  leaderName: 'Reuven Katz',
  leaderEmail: 'reuven@example.org',
};

/** What was mailed to `to` (every test's leader has an address of their own). */
const mailTo = (to: string) => t.app.sentMail.filter((m) => m.to === to);
const listLinkIn = (text: string) => {
  const link = /https:\/\/tziyun\.test(\/campaign\/\S+\/list\?token=\S+)/.exec(text);
  expect(link, text).not.toBeNull();
  return link![1]!;
};
const listOf = async (path: string) => {
  const res = await t.app.inject(path);
  return { res, data: pageData(res.body).data };
};

describe('the approval mail', () => {
  it('waits out the night, then brings the team’s page and the leader’s list', async () => {
    jumpTo(ny('2031-03-11', '23:30'));
    const { campaign, call } = await office();
    const made = await campaign();
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${made.slug}/teams`,
      payload: { name: 'Chana Weiss', email: 'chana.night@example.org', team: 'Weiss Shiur' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const [row] = await t.app.database.db
      .select()
      .from(campaignTeams)
      .where(eq(campaignTeams.campaignId, made.id));
    const approve = await call('PUT', `/api/admin/campaigns/${made.id}/teams/${row!.id}`, {
      name: 'Weiss Shiur',
      leaderName: 'Chana Weiss',
      leaderEmail: 'chana.night@example.org',
      status: 'approved',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    await drainOutbox(t.app);
    expect(mailTo('chana.night@example.org')).toEqual([]);
    const welcomes = await t.app.database.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'campaign.ambassador-mail'),
          like(jobs.idempotencyKey, `ambassador-welcome:${row!.id}:%`),
        ),
      )
      .orderBy(asc(jobs.id));
    expect(welcomes.at(-1)).toMatchObject({ status: 'pending', runAt: ny('2031-03-12', '08:00') });

    jumpTo(ny('2031-03-12', '08:00'));
    await drainOutbox(t.app);
    const [mail] = mailTo('chana.night@example.org');
    expect(mail?.subject).toBe('Your team is open: Weiss Shiur');
    expect(mail!.text).toContain(`https://tziyun.test/campaign/${made.slug}/team/weiss-shiur\n`);
    expect(mail!.text).toContain('The amounts stay between the donors and the office.');
    expect(mail!.text).toContain('never write to team leaders at night (10 pm to 8 am)');
    const { res, data } = await listOf(listLinkIn(mail!.text));
    expectHiddenTokenPage(res);
    expect(data).toMatchObject({
      team: { slug: 'weiss-shiur', name: 'Weiss Shiur', raised: 0, donors: 0 },
      gifts: [],
      optedOut: [],
      optedOutUnnamed: 0,
    });
  });

  it('goes at once by day; a draft’s teams hear when it is published, each leader once', async () => {
    jumpTo(ny('2031-03-12', '14:00'));
    const { campaign, call, team: addTeam } = await office();
    const live = await campaign();
    const made = await addTeam(live.id, 'day.leader@example.org');
    expect(made.statusCode, made.body).toBe(201);
    await drainOutbox(t.app);
    expect(mailTo('day.leader@example.org').map((m) => m.subject)).toEqual([
      'Your team is open: The Katz Family',
    ]);
    // Saved again, it mails nothing more.
    const { id, slug } = made.json().team as { id: string; slug: string };
    const url = `/api/admin/campaigns/${live.id}/teams/${id}`;
    const again = await call('PUT', url, { ...team, leaderEmail: 'day.leader@example.org', slug });
    expect(again.statusCode, again.body).toBe(200);
    await drainOutbox(t.app);
    expect(mailTo('day.leader@example.org')).toHaveLength(1);

    const draft = await campaign({ status: 'draft' });
    await addTeam(draft.id, 'draft.leader@example.org');
    await drainOutbox(t.app);
    expect(mailTo('draft.leader@example.org')).toEqual([]);
    const published = await call('PUT', `/api/admin/campaigns/${draft.id}`, {
      ...draft.payload,
      status: 'published',
    });
    expect(published.statusCode, published.body).toBe(200);
    await drainOutbox(t.app);
    expect(mailTo('draft.leader@example.org')).toHaveLength(1);
  });
});

describe('a gift’s note to the leader', () => {
  it('is not sent for a gift refunded before the morning; the other one goes', async () => {
    jumpTo(ny('2031-03-18', '22:30'));
    const { campaign, team: addTeam } = await office();
    const live = await campaign();
    const made = await addTeam(live.id, 'refund.leader@example.org');
    const give = async (name: string) => {
      const pi = await t.startCheckout({
        amount: 40,
        campaign: live.slug,
        team: made.json().team.slug,
        wall: 'full',
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}@example.org`,
      });
      await deliverEvent(t.app, t.standIn.event('payment_intent.succeeded', t.standIn.pay(pi.id)));
      return pi;
    };
    const refunded = await give('Gone Giver');
    await give('Kept Giver');
    const refund = await deliverEvent(
      t.app,
      t.standIn.event('charge.refunded', t.standIn.refund(refunded.id)),
    );
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await t.donationOf(refunded.id)).paymentStatus).toBe('refunded');
    await drainOutbox(t.app);
    expect(mailTo('refund.leader@example.org')).toEqual([]);

    jumpTo(ny('2031-03-19', '08:00'));
    await drainOutbox(t.app);
    const notes = mailTo('refund.leader@example.org').filter((m) => m.subject.startsWith('A gift'));
    expect(notes.map((m) => m.text.match(/(\w+ Giver) gave/)?.[1])).toEqual(['Kept Giver']);
    expect(listLinkIn(notes[0]!.text)).toContain(`/campaign/${live.slug}/team/`);
  });
});

describe('the leader’s list', () => {
  /**
   * A campaign by day with a team and another, gifts through each and through none, and the
   * donors of some of them asked not to be asked again, whatever they chose for the wall.
   */
  async function seeded() {
    jumpTo(new Date(Math.max(t.app.clock().getTime(), ny('2031-03-19', '09:00').getTime())));
    const { campaign, team: addTeam } = await office();
    const live = await campaign();
    const leaderEmail = `list.leader.${n}@example.org`;
    const made = await addTeam(live.id, leaderEmail);
    const teamRow = made.json().team as { id: string; slug: string };
    const other = (await addTeam(live.id, `other.leader.${n}@example.org`)).json().team as {
      id: string;
    };
    const at = (m: number) => new Date(t.app.clock().getTime() - m * 60_000);
    const through = { campaignId: live.id, teamId: teamRow.id };
    const elsewhere = { campaignId: live.id, teamId: other.id };
    const [leah, secret, , offWall, sara, , dina, hiddenOther] = await insertDonations(t.app, [
      { ...through, donorName: 'Leah Stern', wallDisplay: 'full', donatedAt: at(50) },
      { ...through, donorName: 'Secret Person', wallDisplay: 'anonymous', donatedAt: at(40) },
      { ...through, donorName: 'Only Name', wallDisplay: 'name', donatedAt: at(30) },
      { ...through, donorName: 'Off Wall', wallDisplay: 'hidden', donatedAt: at(20) },
      {
        campaignId: live.id,
        donorName: 'Sara Quiet',
        email: 'sara.quiet@example.org',
        wallDisplay: 'full',
        donatedAt: at(10),
      },
      { ...through, donorName: 'Refunded One', paymentStatus: 'refunded', donatedAt: at(5) },
      { ...elsewhere, donorName: 'Dina Other', wallDisplay: 'initials', donatedAt: at(4) },
      { ...elsewhere, donorName: 'Hidden Other', wallDisplay: 'hidden', donatedAt: at(3) },
    ]);
    const optOut = (email: string, gift?: { id: string }) => ({
      campaignId: live.id,
      email,
      donationId: gift?.id ?? null,
    });
    await t.app.database.db
      .insert(campaignOptOuts)
      .values([
        optOut('sara.quiet@example.org', sara),
        optOut('adam.a@example.org'),
        optOut('leah@example.org', leah),
        optOut('secret@example.org', secret),
        optOut('off.wall@example.org', offWall),
        optOut('dina@example.org', dina),
        optOut('hidden.other@example.org', hiddenOther),
      ]);
    await drainOutbox(t.app);
    const welcome = mailTo(leaderEmail).find((m) => m.subject.startsWith('Your team is open'))!;
    return { live, teamRow, link: listLinkIn(welcome.text) };
  }

  it('shows the gifts as donors chose, newest first, the total, and who asked not to be asked', async () => {
    const { live, link } = await seeded();
    const { res, data } = await listOf(link);
    expectHiddenTokenPage(res);
    expect(data).toMatchObject({
      campaign: { slug: live.slug, title: 'Leader Day' },
      team: { name: 'The Katz Family', raised: 288, donors: 1 },
      showsAmounts: false,
      earlier: 0,
    });
    expect(
      data.gifts.map((g: { name: string; amount: number | null }) => [g.name, g.amount]),
    ).toEqual([
      ['Anonymous', null],
      ['Only Name', null],
      ['Anonymous', null],
      ['Leah Stern', null],
    ]);
    // As the public wall names them, through this team, another or none: the whole name, or
    // initials. The anonymous, those kept off the wall and one without a gift are only counted.
    expect(data.optedOut).toEqual(['D. O.', 'Leah Stern', 'Sara Quiet']);
    expect(data.optedOutUnnamed).toBe(4);
    expect(res.body).toContain('And 4 more who gave without their name');
    for (const kept of [
      'sara.quiet@example.org',
      'adam.a@example.org',
      'Secret Person',
      'Off Wall',
      'Refunded One',
      'Dina Other',
      'Hidden Other',
    ]) {
      expect(res.body).not.toContain(kept);
    }
    expect(res.body).toContain('Asked not to be asked again');

    // The office lets leaders see amounts: where the donor shows theirs on the wall.
    await t.app.database.db
      .update(campaigns)
      .set({ ambassadorMailShowsAmount: true })
      .where(eq(campaigns.id, live.id));
    const shown = (await listOf(link)).data;
    expect(shown.showsAmounts).toBe(true);
    expect(shown.gifts.map((g: { amount: number | null }) => g.amount)).toEqual([
      null,
      null,
      72,
      72,
    ]);
  });

  it('refuses a forged, foreign, expired or closed link in plain words; a renamed team’s link follows it', async () => {
    const { live, teamRow, link } = await seeded();
    const path = link.split('?')[0]!;
    const sign = (purpose: string, subject: string, inMs: number) =>
      encodeURIComponent(
        t.app.linkSigner.sign(purpose, subject, new Date(t.app.clock().getTime() + inMs)),
      );
    const cases: [string, number, string][] = [
      [path, 400, 'This link is not valid.'],
      [`${path}?token=not-a-token`, 400, teamListMessages.invalid],
      [`${link}x`, 400, teamListMessages.invalid],
      [
        `${path}?token=${sign('campaign-opt-out', teamRow.id, 60_000)}`,
        400,
        teamListMessages.invalid,
      ],
      [`${path}?token=${sign(TEAM_LIST_PURPOSE, teamRow.id, -1)}`, 400, teamListMessages.expired],
      [
        `${path}?token=${sign(TEAM_LIST_PURPOSE, crypto.randomUUID(), 60_000)}`,
        404,
        teamListMessages.closed,
      ],
    ];
    for (const [url, status, words] of cases) {
      const { res, data } = await listOf(url);
      expect(res.statusCode, url).toBe(status);
      expect(data.problem, url).toContain(words);
      expect(res.body).not.toContain('Leah Stern');
    }

    const renamed = await t.app.database.db
      .update(campaignTeams)
      .set({ slug: 'katz-renamed' })
      .where(eq(campaignTeams.id, teamRow.id))
      .returning();
    expect(renamed).toHaveLength(1);
    const moved = await t.app.inject(link);
    expect(moved.statusCode).toBe(303);
    expect(moved.headers.location).toBe(
      `/campaign/${live.slug}/team/katz-renamed/list?${link.split('?')[1]}`,
    );

    // Declined, the team's list closes.
    await t.app.database.db
      .update(campaignTeams)
      .set({ status: 'declined' })
      .where(eq(campaignTeams.id, teamRow.id));
    const declined = await listOf(moved.headers.location as string);
    expect(declined.res.statusCode).toBe(404);
    expect(declined.data.problem).toBe(teamListMessages.closed);
    await t.app.database.db
      .update(campaignTeams)
      .set({ status: 'approved' })
      .where(eq(campaignTeams.id, teamRow.id));

    // The campaign's dates moved back since the mail: 30 days after its end the list is closed.
    const day = 86_400_000;
    await t.app.database.db
      .update(campaigns)
      .set({
        startsAt: new Date(t.app.clock().getTime() - 32 * day),
        endsAt: new Date(t.app.clock().getTime() - 30 * day),
      })
      .where(eq(campaigns.id, live.id));
    const late = await listOf(moved.headers.location as string);
    expect(late.res.statusCode).toBe(400);
    expect(late.data.problem).toBe(teamListMessages.expired);
  });
});
