import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rawSiteConfig from '@site-config';
import { members } from '~/db/schema';
import { buildTestApp } from '~tests/helpers/app';
import { insertDonations, donationRow } from '~tests/helpers/donations';
import { drainJobs } from '~tests/helpers/integrations';
import {
  aName,
  activeMember,
  namesSession,
  openLink,
  requestLinks,
  sessionCookieOf,
  withSession,
} from '~tests/helpers/prayer-names';
import { lapsesAt, remindsAt } from './lapse';

const dayMs = 24 * 60 * 60 * 1000;
const rules = rawSiteConfig.prayerNames;

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const remindersTo = (email: string) =>
  app.sentMail.filter((m) => m.to === email && m.subject.startsWith('Renew your names'));

describe('lapse rules', () => {
  it('lapse a name lapseWeeks after it was renewed, reminding reminderDays before', () => {
    const renewed = new Date('2026-01-04T15:00:00Z');
    const lapse = lapsesAt(renewed, { lapseWeeks: 12, reminderDays: 7, donorsMayGiveNames: true });
    expect(lapse.toISOString()).toBe('2026-03-29T15:00:00.000Z');
    expect(
      remindsAt(renewed, { lapseWeeks: 12, reminderDays: 7, donorsMayGiveNames: true }),
    ).toEqual(new Date(lapse.getTime() - 7 * dayMs));
  });
});

describe('a name’s lapse on a moving clock', () => {
  it('reminds the giver once before it lapses, with a fresh link; renewing puts it off', async () => {
    const email = 'lapse@example.org';
    await activeMember(app, email);
    const session = await namesSession(app, email);
    const first = await withSession(app, session, 'POST', '/api/prayer-names', aName());
    const second = await withSession(
      app,
      session,
      'POST',
      '/api/prayer-names',
      aName({ intention: 'parnassah' }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const lapse = new Date(first.json().lapsesAt as string);
    expect(first.json().lapsed).toBe(false);
    await drainJobs(app);
    expect(remindersTo(email)).toHaveLength(0);

    // A day before the reminder is due: nothing yet.
    const untilReminder = lapse.getTime() - rules.reminderDays * dayMs - app.clock().getTime();
    app.advanceClock(untilReminder - dayMs);
    await drainJobs(app);
    expect(remindersTo(email)).toHaveLength(0);

    // Due: one mail for both names, with a link that opens the names page.
    app.advanceClock(dayMs + 1000);
    await drainJobs(app);
    const [reminder, ...more] = remindersTo(email);
    expect(more).toHaveLength(0);
    expect(reminder!.text).toContain('2 of the names you gave');
    expect(reminder!.text).toContain('will leave the weekly prayer list on');
    for (const secret of [aName().hebrewName, aName().motherHebrewName]) {
      expect(reminder!.text).not.toContain(secret);
      expect(reminder!.html).not.toContain(secret);
    }
    const url = reminder!.text.match(/https:\/\/tziyun\.test\/prayer-names\?token=\S+/)![0];
    const token = new URL(url).searchParams.get('token')!;
    const opened = await openLink(app, token);
    expect(opened.headers.location, opened.body).toBe('/prayer-names');
    const fresh = sessionCookieOf(opened);

    // Renewing one name puts its lapse off by lapseWeeks from now.
    const renewed = await withSession(
      app,
      fresh,
      'POST',
      `/api/prayer-names/${first.json().id}/renew`,
    );
    const expected = app.clock().getTime() + rules.lapseWeeks * 7 * dayMs;
    const renewedLapse = new Date(renewed.json().lapsesAt as string).getTime();
    // The test's clock runs on from real time: within seconds of it.
    expect(Math.abs(renewedLapse - expected)).toBeLessThan(5000);

    // Past the lapse: the other name has lapsed, the renewed one has not.
    app.advanceClock(rules.reminderDays * dayMs);
    await drainJobs(app);
    // (The page's session lasts hours: a week later the member asks for a new link.)
    const later = await namesSession(app, email);
    const list = await withSession(app, later, 'GET', '/api/prayer-names');
    const byId = new Map(
      (list.json().names as { id: string; lapsed: boolean }[]).map((n) => [n.id, n.lapsed]),
    );
    expect(byId.get(first.json().id as string)).toBe(false);
    expect(byId.get(second.json().id as string)).toBe(true);
    expect(remindersTo(email)).toHaveLength(1);

    // The renewed name's own reminder comes later, once.
    app.advanceClock(rules.lapseWeeks * 7 * dayMs);
    await drainJobs(app);
    expect(remindersTo(email)).toHaveLength(2);
    expect(remindersTo(email)[1]!.text).toContain('One of the names you gave');
  });

  it('sends no reminder when the name was removed or the membership ended', async () => {
    const removedEmail = 'removed@example.org';
    const endedEmail = 'ended@example.org';
    await activeMember(app, removedEmail);
    const ended = await activeMember(app, endedEmail);
    const s1 = await namesSession(app, removedEmail);
    const s2 = await namesSession(app, endedEmail);
    const removed = await withSession(app, s1, 'POST', '/api/prayer-names', aName());
    await withSession(app, s2, 'POST', '/api/prayer-names', aName());
    await withSession(app, s1, 'DELETE', `/api/prayer-names/${removed.json().id}`);
    await app.database.db
      .update(members)
      .set({ status: 'cancelled' })
      .where(eq(members.id, ended.id));
    app.advanceClock(rules.lapseWeeks * 7 * dayMs);
    await drainJobs(app);
    expect(remindersTo(removedEmail)).toEqual([]);
    expect(remindersTo(endedEmail)).toEqual([]);
  });
});

describe('names from donors', () => {
  it('reach a donor who gave, where the site allows it, and nobody else', async () => {
    await insertDonations(app, [
      donationRow({
        email: 'Giver@Example.org',
        donorName: 'Leah Giver',
        paymentStatus: 'succeeded',
      }),
      donationRow({ email: 'pending@example.org', paymentStatus: 'pending' }),
    ]);
    expect(await requestLinks(app, 'giver@example.org')).toHaveLength(1);
    expect(await requestLinks(app, 'pending@example.org')).toHaveLength(0);

    const session = await namesSession(app, 'giver@example.org');
    const list = await withSession(app, session, 'GET', '/api/prayer-names');
    expect(list.json().member).toEqual({ name: 'Leah Giver', kind: 'donor' });
    const added = await withSession(app, session, 'POST', '/api/prayer-names', aName());
    expect(added.statusCode, added.body).toBe(200);
    expect((await withSession(app, session, 'GET', '/api/prayer-names')).json().names).toHaveLength(
      1,
    );
  });

  it('do not reach donors when the site says no', async () => {
    const closed = await buildTestApp({}, undefined, {
      siteConfig: { ...rawSiteConfig, prayerNames: { ...rules, donorsMayGiveNames: false } },
    });
    try {
      await insertDonations(closed, [
        donationRow({ email: 'giver@example.org', paymentStatus: 'succeeded' }),
      ]);
      expect(await requestLinks(closed, 'giver@example.org')).toHaveLength(0);
      // A donor session signed before the setting changed opens nothing.
      const session = closed.linkSigner.sign(
        'prayer-names-session',
        'donor:giver@example.org',
        new Date(closed.clock().getTime() + 60_000),
      );
      expect((await withSession(closed, session, 'GET', '/api/prayer-names')).statusCode).toBe(401);
    } finally {
      await closed.close();
    }
  });
});
