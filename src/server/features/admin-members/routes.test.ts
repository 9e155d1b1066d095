import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, members, membershipApplications } from '~/db/schema';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import type { TestApp } from '~tests/helpers/app';

let app: TestApp;
let admin: AdminSession;
const get = (url: string) => app.inject({ url, headers: { cookie: admin.cookie } });

/** A member straight in the database, with the application it came from. */
async function addMember(
  name: string,
  tier: string,
  status: 'pending' | 'active' | 'lapsed' | 'cancelled',
  minutesAgo: number,
  extra: Partial<typeof members.$inferInsert> = {},
) {
  const createdAt = new Date(Date.now() - minutesAgo * 60_000);
  const [application] = await app.database.db
    .insert(membershipApplications)
    .values({ firstName: name, lastName: 'Test', email: `${name}@example.org`, tier, createdAt })
    .returning();
  const [member] = await app.database.db
    .insert(members)
    .values({
      applicationId: application!.id,
      name: `${name} Test`,
      email: `${name}@example.org`,
      tier,
      status,
      monthlyAmountCents: { spark: 18000, flame: 36000, beacon: 82000 }[tier]!,
      createdAt,
      ...extra,
    })
    .returning();
  return member!;
}

beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'members-reader' }));
  await addMember('ada', 'spark', 'active', 40, {
    memberSince: new Date('2026-01-15T15:00:00Z'),
    nextRenewalAt: new Date('2026-12-15T15:00:00Z'),
    stripeSubscriptionId: 'sub_ada',
  });
  await addMember('ben', 'beacon', 'pending', 30);
  await addMember('=cmd', 'beacon', 'lapsed', 20, { stripeSubscriptionId: 'sub_cmd' });
  await addMember('dov', 'flame', 'cancelled', 10);
});
afterAll(() => app.close());

describe('GET /api/admin/members', () => {
  it('refuses an anonymous request', async () => {
    const res = await app.inject('/api/admin/members');
    expect(res.statusCode).toBe(401);
    expect((await app.inject('/api/admin/members.csv')).statusCode).toBe(401);
  });

  it('lists members newest first with the columns of the tab', async () => {
    const res = await get('/api/admin/members');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.members.map((m: { name: string }) => m.name)).toEqual([
      'dov Test',
      '=cmd Test',
      'ben Test',
      'ada Test',
    ]);
    expect(body.total).toBe(4);
    expect(body.counts).toEqual({ pending: 1, active: 1, lapsed: 1, cancelled: 1 });
    expect(body.members[3]).toMatchObject({
      email: 'ada@example.org',
      tier: 'spark',
      status: 'active',
      monthlyAmount: 18000,
      memberSince: '2026-01-15T15:00:00.000Z',
      nextRenewalAt: '2026-12-15T15:00:00.000Z',
      paidBy: 'card',
      applicationId: expect.any(String),
    });
  });

  it('filters by tier and status', async () => {
    const beacon = (await get('/api/admin/members?tier=beacon')).json();
    expect(beacon.members.map((m: { name: string }) => m.name)).toEqual(['=cmd Test', 'ben Test']);
    expect(beacon.counts).toEqual({ pending: 1, active: 0, lapsed: 1, cancelled: 0 });
    const lapsed = (await get('/api/admin/members?tier=beacon&status=lapsed')).json();
    expect(lapsed.members.map((m: { name: string }) => m.name)).toEqual(['=cmd Test']);
    expect(lapsed.total).toBe(1);
    const wrong = await get('/api/admin/members?tier=gold&status=gone');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toMatchObject({
      tier: 'Tier must be one of spark, flame, beacon',
      status: 'Status must be pending, active, lapsed or cancelled',
    });
  });
});

describe('GET /api/admin/members.csv', () => {
  it('exports the filtered members, formula-safe, and audits the export', async () => {
    const res = await get('/api/admin/members.csv?tier=beacon');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.split('\r\n')).toEqual([
      '\uFEFFName,Email,Tier,Status,Member Since,Next Renewal,Monthly Amount,Paid By',
      "'=cmd Test,'=cmd@example.org,Beacon Tier,Lapsed,,,820.00,Card",
      'ben Test,ben@example.org,Beacon Tier,Pending,,,820.00,',
      '',
    ]);
    const all = await get('/api/admin/members.csv');
    expect(all.body).toContain(
      'ada Test,ada@example.org,Spark Tier,Active,2026-01-15,2026-12-15,180.00,Card',
    );
    const audit = await app.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'export'), eq(adminAuditLog.target, 'members')))
      .orderBy(adminAuditLog.id);
    expect(audit.map((a) => a.details)).toEqual([
      { tier: 'beacon', status: 'all' },
      { tier: 'all', status: 'all' },
    ]);
  });
});
