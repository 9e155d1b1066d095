import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, members, membershipApplications } from '~/db/schema';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import type { TestApp } from '~tests/helpers/app';
import { insertDonations } from '~tests/helpers/donations';
import { routeTable } from '~tests/helpers/route-table';

/**
 * Every CSV export, through the built app: UTF-8 with a byte-order mark, so Excel opens Hebrew
 * names as Hebrew instead of mojibake. The exports are found in the route table, so a new one is
 * checked without being listed here.
 */
let app: TestApp;
let admin: AdminSession;
const get = (url: string) => app.inject({ url, headers: { cookie: admin.cookie } });
const BOM_BYTES = [0xef, 0xbb, 0xbf];
/** The id an export of one record (a campaign's gifts) is asked for. */
let campaignId = '';

const donorName = 'שרה בת אברהם כהן';
const memberName = 'יוסף חיים לוי';

beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'csv-reader' }));
  const [campaign] = await app.database.db
    .insert(campaigns)
    .values({
      slug: 'csv-day',
      title: 'CSV day',
      goalCents: 100_000,
      startsAt: new Date('2026-01-01T12:00:00Z'),
      endsAt: new Date('2026-01-02T12:00:00Z'),
    })
    .returning();
  campaignId = campaign!.id;
  await insertDonations(app, [{ donorName, email: 'sarah.he@example.org' }]);
  const [application] = await app.database.db
    .insert(membershipApplications)
    .values({ firstName: 'יוסף חיים', lastName: 'לוי', email: 'yosef@example.org', tier: 'flame' })
    .returning();
  await app.database.db.insert(members).values({
    applicationId: application!.id,
    name: memberName,
    email: 'yosef@example.org',
    tier: 'flame',
    status: 'active',
    monthlyAmountCents: 36000,
  });
  await app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: { email: 'reader@example.org' },
  });
});
afterAll(() => app.close());

function csvExports() {
  return routeTable(app)
    .filter((r) => r.method === 'GET' && r.path.endsWith('.csv'))
    .map((r) => r.path);
}

describe('CSV exports', () => {
  it('are found in the route table', () => {
    expect(csvExports()).toEqual(
      expect.arrayContaining([
        '/api/admin/donors.csv',
        '/api/admin/members.csv',
        '/api/admin/newsletter-subscribers.csv',
      ]),
    );
  });

  it('each start with the UTF-8 byte-order mark, once', async () => {
    // The exports that need a choice to say what they hold: one they accept.
    const queryOf: Record<string, string> = { '/api/admin/statements.csv': '?year=2026' };
    for (const path of csvExports()) {
      const res = await get(`${path.replace(':id', campaignId)}${queryOf[path] ?? ''}`);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type'], path).toBe('text/csv; charset=utf-8');
      expect([...res.rawPayload.subarray(0, 3)], path).toEqual(BOM_BYTES);
      expect(res.body.startsWith('\uFEFF'), path).toBe(true);
      expect(res.body.indexOf('\uFEFF', 1), path).toBe(-1);
    }
  });

  it('carry Hebrew names intact, as a spreadsheet decoding UTF-8 reads them', async () => {
    // TextDecoder drops the mark as a reader honouring it does; the rest must be the same text.
    const read = async (url: string) =>
      new TextDecoder('utf-8').decode((await get(url)).rawPayload);
    const donors = await read('/api/admin/donors.csv?columns=donors');
    expect(donors.startsWith('Name,Email,')).toBe(true);
    expect(donors).toContain(`${donorName},sarah.he@example.org,72.00,`);
    const people = await read('/api/admin/members.csv');
    expect(people.startsWith('Name,Email,')).toBe(true);
    expect(people).toContain(`${memberName},yosef@example.org,Flame Tier,Active,`);
  });
});
