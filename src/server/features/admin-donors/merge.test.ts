import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { adminAuditLog, donations, ojcSubscriptions } from '~/db/schema';
import type { TestApp } from '~tests/helpers/app';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { insertDonations } from '~tests/helpers/donations';
import { drainJobs } from '~tests/helpers/integrations';
import { givingSession } from '~tests/helpers/my-giving';
import { activeMember } from '~tests/helpers/prayer-names';

/**
 * One person who gave by card with one address and by OJC with another: the office merges the
 * two records (ADR 053). Their gifts are then one record's: one statement, every gift once, to
 * the kept address; My giving by either address shows them all.
 */

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'merger' }));
  await insertDonations(app, [
    {
      donorName: 'Chana Weiss',
      email: 'chana@example.org',
      amountCents: 10_000,
      createdAt: new Date('2025-03-01T15:00:00Z'),
    },
    {
      donorName: 'Chana Weiss',
      email: 'C.Weiss@Work.example',
      amountCents: 5_000,
      paymentMethod: 'ojc',
      createdAt: new Date('2025-06-01T15:00:00Z'),
    },
    {
      donorName: 'Someone Else',
      email: 'else@example.org',
      amountCents: 700,
      createdAt: new Date('2025-06-02T15:00:00Z'),
    },
  ]);
});
afterAll(() => app.close());

const records = async (query: string) => {
  const res = await app.inject({
    url: `/api/admin/donor-records?${query}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().donors as { id: string; email: string | null; otherEmails: string[] }[];
};
const recordOf = async (email: string) => (await records(`search=${email}`))[0]!;
const merge = (id: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/donors/${id}/merge`,
    payload,
    headers: admin.headers,
  });
const year2025 = async () =>
  (
    await app.inject({ url: '/api/admin/statements?year=2025', headers: { cookie: admin.cookie } })
  ).json().donors as { email: string; keptCents: number; gifts: number }[];
const givingOf = async (email: string) => {
  const cookie = await givingSession(app, email);
  const res = await app.inject({ url: '/api/my-giving', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().gifts as { amountCents: number }[];
};

describe('merging two donor records', () => {
  it('refuses plainly: the same record, an unknown one, no reason, a malformed id', async () => {
    const chana = await recordOf('chana@example.org');
    const same = await merge(chana.id, { into: chana.id, reason: 'same' });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields.into).toMatch(/same one/);
    const unknown = await merge(chana.id, {
      into: '00000000-0000-4000-8000-000000000000',
      reason: 'same person',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/no such donor record/);
    const noReason = await merge(chana.id, { into: chana.id, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toMatch(/why/);
    const malformed = await merge('not-an-id', { into: 'nor-this', reason: 'x' });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json().error)).not.toMatch(/uuid/i);
    const unsigned = await app.inject({
      method: 'POST',
      url: `/api/admin/donors/${chana.id}/merge`,
      payload: { into: chana.id, reason: 'x' },
    });
    expect(unsigned.statusCode).toBe(401);
  });

  it('moves the gifts, keeps the other address as an alias, audits who and why', async () => {
    expect(await year2025()).toHaveLength(3);
    const kept = await recordOf('chana@example.org');
    const other = await recordOf('c.weiss@work.example');
    expect(other.id).not.toBe(kept.id);

    const res = await merge(other.id, { into: kept.id, reason: 'Same phone, she told the office' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      giftsMoved: 1,
      donor: { id: kept.id, email: 'chana@example.org', otherEmails: ['c.weiss@work.example'] },
    });

    const [entry] = await app.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'donors-merged'))
      .orderBy(desc(adminAuditLog.at));
    expect(entry).toMatchObject({ actorUsername: 'merger', target: 'chana@example.org' });
    expect(entry!.details).toMatchObject({
      reason: 'Same phone, she told the office',
      giftsMoved: 1,
      merged: { id: other.id, email: 'c.weiss@work.example' },
      kept: { id: kept.id, email: 'chana@example.org' },
    });

    // Merged away, it can be merged no more, nor be merged into.
    const again = await merge(other.id, { into: kept.id, reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already merged/);
    const elseRecord = await recordOf('else@example.org');
    const intoMerged = await merge(elseRecord.id, { into: other.id, reason: 'x' });
    expect(intoMerged.statusCode).toBe(409);
    // Only kept records are found.
    expect((await records('search=weiss')).map((r) => r.id)).toEqual([kept.id]);
  });

  it('makes one statement with every gift once, mailed to the kept address', async () => {
    expect(await year2025()).toEqual([
      expect.objectContaining({ email: 'chana@example.org', keptCents: 15_000, gifts: 2 }),
      expect.objectContaining({ email: 'else@example.org', keptCents: 700, gifts: 1 }),
    ]);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/admin/statements/send',
      payload: { year: 2025, email: 'c.weiss@work.example' },
      headers: admin.headers,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    app.advanceClock(Date.now() - app.clock().getTime());
    await drainJobs(app);
    const mails = app.sentMail.filter((m) => /giving statement/.test(m.subject));
    expect(mails.map((m) => m.to)).toEqual(['chana@example.org']);
  });

  it('shows every gift in My giving by either address, and later gifts by the alias land on the kept record', async () => {
    expect((await givingOf('chana@example.org')).map((g) => g.amountCents)).toEqual([
      5_000, 10_000,
    ]);
    expect((await givingOf('c.weiss@work.example')).map((g) => g.amountCents)).toEqual([
      5_000, 10_000,
    ]);
    const [later] = await insertDonations(app, [
      { email: 'C.WEISS@work.example', amountCents: 1_800 },
    ]);
    const [row] = await app.database.db
      .select({ donorId: donations.donorId })
      .from(donations)
      .where(and(eq(donations.id, later!.id)));
    const kept = await recordOf('chana@example.org');
    expect(row!.donorId).toBe(kept.id);
    // The donor table's row finds its record by the gift.
    expect((await records(`gift=${later!.id}`)).map((r) => r.id)).toEqual([kept.id]);
  });

  it('shows the monthly gift and the membership of either address in My giving by the other', async () => {
    const monthly = randomUUID();
    await app.database.db.insert(ojcSubscriptions).values({
      id: monthly,
      donorName: 'Chana Weiss',
      email: 'C.Weiss@Work.example',
      amountCents: 3_600,
      cardLast4: '4444',
      cardExpiry: '1230',
      // Ended: an active one would need its sealed card.
      status: 'canceled',
      startedAt: new Date('2025-06-01T15:00:00Z'),
      canceledAt: new Date('2025-09-01T15:00:00Z'),
    });
    const member = await activeMember(app, 'chana@example.org');
    for (const email of ['chana@example.org', 'c.weiss@work.example']) {
      const cookie = await givingSession(app, email);
      const giving = (await app.inject({ url: '/api/my-giving', headers: { cookie } })).json();
      expect(giving.monthly.map((m: { id: string }) => m.id)).toEqual([monthly]);
      expect(giving.memberships.map((m: { id: string }) => m.id)).toEqual([member.id]);
    }
    // Someone else's address still sees none of it.
    const cookie = await givingSession(app, 'else@example.org');
    const other = (await app.inject({ url: '/api/my-giving', headers: { cookie } })).json();
    expect(other).toMatchObject({ monthly: [], memberships: [] });
  });
});
