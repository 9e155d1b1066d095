import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, members, prayerNames } from '~/db/schema';
import { isoDateIn } from '~/shared/schedule';
import { auditEntries, appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import type { TestApp } from '~tests/helpers/app';
import { insertDonations } from '~tests/helpers/donations';
import { adminCall, drainJobs } from '~tests/helpers/integrations';
import { aName, activeMember, namesSession, withSession } from '~tests/helpers/prayer-names';
import { addDays, hebrewDateOf, weekStartOf } from './hebrew-week';

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin());
});
afterAll(() => app.close());

const list = (query = '') => adminCall(app, admin, 'GET', `/api/admin/prayer-list${query}`);
const mark = (body: unknown) =>
  adminCall(app, admin, 'POST', '/api/admin/prayer-list/readings', body);

async function giveName(email: string, name: Record<string, unknown>) {
  const session = await namesSession(app, email);
  const res = await withSession(app, session, 'POST', '/api/prayer-names', aName(name));
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().id as string, session };
}

type Listed = { line: string; tier: string; englishName: string | null; note: string | null };
type Group = { intention: string; label: string; names: Listed[] };

describe('the weekly prayer list', () => {
  let today: string;
  let week: string;
  let removable: string;
  let lateSession: string;

  it('groups this week’s names by intention, as the Rabbi reads them', async () => {
    today = isoDateIn(app.clock(), app.siteConfig.timeZone);
    week = weekStartOf(today);
    await activeMember(app, 'flame@example.org', 'flame');
    await activeMember(app, 'beacon@example.org', 'beacon');
    const gone = await activeMember(app, 'gone@example.org', 'spark');
    await insertDonations(app, [{ email: 'donor@example.org', donorName: 'Dina Donor' }]);

    await giveName('flame@example.org', { englishName: 'Chaim Yosef' });
    const bat = await giveName('flame@example.org', {
      hebrewName: 'מרים',
      relation: 'bat',
      motherHebrewName: 'לאה',
      intention: 'shidduch',
    });
    removable = bat.id;
    await giveName('beacon@example.org', { hebrewName: 'אברהם', motherHebrewName: 'חנה' });
    const donor = await giveName('donor@example.org', {
      hebrewName: 'יעקב',
      motherHebrewName: 'רחל',
      intention: 'other',
      note: 'A safe journey',
    });
    lateSession = donor.session;
    // Not on the list: a cancelled member's name, and a name not renewed for too long.
    await giveName('gone@example.org', { hebrewName: 'דוד' });
    await app.database.db
      .update(members)
      .set({ status: 'cancelled' })
      .where(eq(members.id, gone.id));
    const old = await giveName('beacon@example.org', { hebrewName: 'שמעון' });
    await app.database.db
      .update(prayerNames)
      .set({ renewedAt: new Date(app.clock().getTime() - 13 * 7 * 24 * 60 * 60 * 1000) })
      .where(eq(prayerNames.id, old.id));

    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.week).toMatchObject({ start: week, end: addDays(week, 6) });
    expect(body.week.hebrewStart).toEqual(hebrewDateOf(week));
    expect(body.isCurrentWeek).toBe(true);
    expect(body.reading).toBeNull();
    expect(body.total).toBe(4);
    const groups = body.groups as Group[];
    expect(groups.map((g) => g.intention)).toEqual(['healing', 'shidduch', 'other']);
    expect(groups[0]!.names.map((n) => [n.line, n.tier])).toEqual([
      ['אברהם בן חנה', 'Beacon Tier'],
      ['חיים יוסף בן שרה רבקה', 'Flame Tier'],
    ]);
    expect(groups[0]!.names[1]!.englishName).toBe('Chaim Yosef');
    expect(groups[1]!.names).toMatchObject([{ line: 'מרים בת לאה', tier: 'Flame Tier' }]);
    expect(groups[2]).toMatchObject({
      label: 'Other',
      names: [{ line: 'יעקב בן רחל', tier: 'Donor', note: 'A safe journey' }],
    });
  });

  it('refuses bad weeks and dates with field messages, and strangers', async () => {
    expect((await list('?week=next-week')).statusCode).toBe(400);
    expect((await app.inject('/api/admin/prayer-list')).statusCode).toBe(401);
    const cases: [unknown, string][] = [
      [{ week: addDays(week, 1), prayedOn: today }, 'week'],
      [{ week, prayedOn: addDays(week, 7) }, 'prayedOn'],
      [{ week: addDays(week, 7), prayedOn: addDays(week, 7) }, 'prayedOn'],
      [{ week, prayedOn: 'Thursday' }, 'prayedOn'],
      [{ prayedOn: today }, 'week'],
    ];
    for (const [body, field] of cases) {
      const res = await mark(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
    // A past week whose names were all given later had nothing to read.
    const empty = await mark({ week: addDays(week, -7), prayedOn: addDays(week, -3) });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error.message).toMatch(/no names/);
    const unsent = await app.database.db.select().from(jobs);
    expect(unsent.filter((j) => JSON.stringify(j.payload).includes('prayer-names-read'))).toEqual(
      [],
    );
  });

  it('is marked as read once; each giver hears it with the Hebrew date, and no name travels', async () => {
    const res = await mark({ week, prayedOn: today });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ week, prayedOn: today, names: 4, givers: 3 });
    expect((await mark({ week, prayedOn: today })).statusCode).toBe(409);

    await drainJobs(app);
    const read = (to: string) =>
      app.sentMail.filter((m) => m.to === to && m.subject.startsWith('Your names were read'));
    const hebrew = hebrewDateOf(today);
    expect(read('flame@example.org')).toHaveLength(1);
    expect(read('flame@example.org')[0]!.text).toContain('The 2 names you gave were read');
    expect(read('beacon@example.org')[0]!.text).toContain('The name you gave was read');
    expect(read('donor@example.org')[0]!.text).toContain(hebrew.english);
    // A donor giver is greeted by the name of their latest gift (one query for all donors).
    expect(read('donor@example.org')[0]!.text).toContain('Dina Donor');
    expect(read('donor@example.org')[0]!.html).toContain(hebrew.hebrew);
    expect(read('gone@example.org')).toEqual([]);
    const payloads = JSON.stringify(await app.database.db.select().from(jobs));
    for (const name of ['חיים יוסף', 'מרים', 'אברהם', 'יעקב', 'A safe journey']) {
      expect(payloads).not.toContain(name);
      expect(read('flame@example.org')[0]!.text).not.toContain(name);
    }
    const [audit] = await auditEntries(app, 'prayer-list-read', `prayer-list:${week}`);
    expect(audit!.details).toMatchObject({ prayedOn: today, names: 4, givers: 3 });
  });

  it('keeps the names it read; a name removed since leaves it', async () => {
    await withSession(app, lateSession, 'POST', '/api/prayer-names', aName({ hebrewName: 'נח' }));
    const flame = await namesSession(app, 'flame@example.org');
    await withSession(app, flame, 'DELETE', `/api/prayer-names/${removable}`);
    const body = (await list(`?week=${today}`)).json();
    expect(body.reading).toMatchObject({
      prayedOn: today,
      hebrewDate: hebrewDateOf(today).hebrew,
      markedBy: admin.user.username,
    });
    const lines = (body.groups as Group[]).flatMap((g) => g.names.map((n) => n.line));
    expect(lines).toHaveLength(3);
    expect(lines).not.toContain('נח בן שרה רבקה');
    expect(lines).not.toContain('מרים בת לאה');
    // Next week's list has the new name.
    const next = (await list(`?week=${addDays(week, 7)}`)).json();
    expect(next.reading).toBeNull();
    expect(next.total).toBe(4);
  });
});
