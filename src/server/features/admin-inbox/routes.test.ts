import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactMessages,
  members,
  membershipApplications,
  newsletterSubscribers,
} from '~/db/schema';
import type { TestApp } from '~tests/helpers/app';
import { auditEntries, appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { csvCell } from '~/server/lib/csv';

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'inbox-reader' }));
});
afterAll(() => app.close());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const get = (url: string) => app.inject({ url, headers: { cookie: admin.cookie } });
const patch = (url: string, payload: unknown, headers: Record<string, string> = admin.headers) =>
  app.inject({ method: 'PATCH', url, headers, payload: payload as object });

describe('contact messages', () => {
  let oldId: string;
  let newId: string;
  let readId: string;
  beforeAll(async () => {
    const rows = await app.database.db
      .insert(contactMessages)
      .values([
        {
          name: 'Old',
          email: 'old@example.org',
          message: 'An old message',
          createdAt: minutesAgo(30),
        },
        {
          name: 'New',
          email: 'new@example.org',
          message: 'A new message',
          createdAt: minutesAgo(1),
        },
        {
          name: 'Read',
          email: 'read@example.org',
          message: 'Already read',
          status: 'read',
          createdAt: minutesAgo(10),
        },
      ])
      .returning({ id: contactMessages.id });
    [oldId, newId, readId] = rows.map((r) => r.id) as [string, string, string];
  });

  it('lists newest first with the total, filters by status and pages', async () => {
    const all = await get('/api/admin/contact-messages');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().messages.map((m: { id: string }) => m.id)).toEqual([newId, readId, oldId]);
    expect(all.json().messages[0]).toEqual({
      id: newId,
      name: 'New',
      email: 'new@example.org',
      message: 'A new message',
      status: 'new',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const fresh = await get('/api/admin/contact-messages?status=new&limit=1&offset=1');
    expect(fresh.json()).toMatchObject({ total: 2, messages: [{ id: oldId }] });
    const read = await get('/api/admin/contact-messages?status=read');
    expect(read.json()).toMatchObject({ total: 1, messages: [{ id: readId }] });
  });

  it.each([
    ['status=broken', 'status'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['offset=-1', 'offset'],
  ])('refuses ?%s with a field message', async (query, field) => {
    const res = await get(`/api/admin/contact-messages?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
  });

  it('marks a message read and records who did it', async () => {
    const res = await patch(`/api/admin/contact-messages/${oldId}`, { status: 'archived' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: oldId, status: 'archived', name: 'Old' });
    const [row] = await app.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, oldId));
    expect(row!.status).toBe('archived');
    expect(await auditEntries(app, 'message-status', oldId)).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        actorUsername: 'inbox-reader',
        details: { status: 'archived' },
      }),
    ]);
  });

  it('refuses a bad status, an empty body, an unknown or malformed id', async () => {
    const bad = await patch(`/api/admin/contact-messages/${newId}`, { status: 'deleted' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('status');
    const empty = await patch(`/api/admin/contact-messages/${newId}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toHaveProperty('status');
    const unknown = await patch(`/api/admin/contact-messages/${randomUUID()}`, { status: 'read' });
    expect(unknown.statusCode).toBe(404);
    const malformed = await patch('/api/admin/contact-messages/42', { status: 'read' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toHaveProperty('id');
    expect(await auditEntries(app, 'message-status', newId)).toEqual([]);
  });

  it('refuses a change without the CSRF token', async () => {
    const res = await patch(
      `/api/admin/contact-messages/${newId}`,
      { status: 'read' },
      { cookie: admin.cookie, origin: admin.headers.origin },
    );
    expect(res.statusCode).toBe(403);
    const [row] = await app.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, newId));
    expect(row!.status).toBe('new');
  });
});

describe('membership applications', () => {
  let firstId: string;
  let secondId: string;
  beforeAll(async () => {
    const rows = await app.database.db
      .insert(membershipApplications)
      .values([
        {
          firstName: 'Ada',
          lastName: 'First',
          email: 'ada@example.org',
          tier: 'friend',
          prayerIntentions: 'For my mother',
          createdAt: minutesAgo(20),
        },
        {
          firstName: 'Ben',
          lastName: 'Second',
          email: 'ben@example.org',
          phone: '555-0100',
          tier: 'member',
          status: 'contacted',
          message: 'Hello',
          createdAt: minutesAgo(2),
        },
      ])
      .returning({ id: membershipApplications.id });
    [firstId, secondId] = rows.map((r) => r.id) as [string, string];
    await app.database.db.insert(members).values({
      applicationId: secondId,
      name: 'Ben Second',
      email: 'ben@example.org',
      tier: 'member',
      status: 'active',
      monthlyAmountCents: 36000,
    });
  });

  it('lists every field newest first, with filters and the total', async () => {
    const res = await get('/api/admin/membership-applications');
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    expect(res.json().applications).toEqual([
      expect.objectContaining({
        id: secondId,
        phone: '555-0100',
        status: 'contacted',
        memberStatus: 'active',
      }),
      {
        id: firstId,
        firstName: 'Ada',
        lastName: 'First',
        email: 'ada@example.org',
        phone: null,
        tier: 'friend',
        prayerIntentions: 'For my mother',
        message: null,
        status: 'new',
        notes: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        memberStatus: null,
      },
    ]);
    const filtered = await get('/api/admin/membership-applications?status=new');
    expect(filtered.json()).toMatchObject({ total: 1, applications: [{ id: firstId }] });
    const bad = await get('/api/admin/membership-applications?status=read');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('status');
  });

  it('changes status and notes, and the audit keeps the notes out', async () => {
    const url = `/api/admin/membership-applications/${firstId}`;
    const res = await patch(url, { status: 'active', notes: 'Called on Tuesday, very keen' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: firstId,
      status: 'active',
      notes: 'Called on Tuesday, very keen',
      prayerIntentions: 'For my mother',
      memberStatus: null,
    });
    const notesOnly = await patch(url, { notes: '' });
    expect(notesOnly.json()).toMatchObject({ status: 'active', notes: null });

    const entries = await auditEntries(app, 'application-update', firstId);
    expect(entries.map((e) => e.details)).toEqual(
      expect.arrayContaining([{ status: 'active', notesChanged: true }, { notesChanged: true }]),
    );
    const recorded = JSON.stringify(entries);
    expect(recorded).not.toContain('Tuesday');
    expect(recorded).not.toContain('mother');
  });

  it('refuses a bad status, an empty body, over-long notes, an unknown id', async () => {
    const url = `/api/admin/membership-applications/${secondId}`;
    const badStatus = await patch(url, { status: 'archived' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error.fields).toHaveProperty('status');
    const empty = await patch(url, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Give a status or notes to change');
    const long = await patch(url, { notes: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ notes: 'Notes must be at most 2000 characters' });
    expect((await patch(url, { notes: 'x'.repeat(2000) })).statusCode).toBe(200);
    const unknown = await patch(`/api/admin/membership-applications/${randomUUID()}`, {
      status: 'active',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a change without the CSRF token', async () => {
    const res = await patch(
      `/api/admin/membership-applications/${secondId}`,
      { status: 'declined' },
      { cookie: admin.cookie, origin: admin.headers.origin },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('newsletter subscribers', () => {
  beforeAll(async () => {
    const sub = (email: string, status: 'pending' | 'confirmed' | 'unsubscribed', ago: number) => ({
      email,
      status,
      createdAt: minutesAgo(ago),
      confirmedAt: status === 'confirmed' ? minutesAgo(ago - 1) : null,
      unsubscribedAt: status === 'unsubscribed' ? minutesAgo(ago - 1) : null,
      confirmToken: randomUUID(),
      unsubscribeToken: randomUUID(),
    });
    await app.database.db
      .insert(newsletterSubscribers)
      .values([
        sub('=cmd|calc@example.org', 'confirmed', 50),
        sub('plain@example.org', 'confirmed', 40),
        sub('waiting@example.org', 'pending', 30),
        sub('gone@example.org', 'unsubscribed', 20),
        sub('"quoted",name@example.org', 'pending', 10),
      ]);
  });

  it('lists newest first with counts by status, filtered', async () => {
    const all = await get('/api/admin/newsletter-subscribers');
    expect(all.statusCode).toBe(200);
    expect(all.json().counts).toEqual({ pending: 2, confirmed: 2, unsubscribed: 1 });
    expect(all.json().total).toBe(5);
    expect(all.json().subscribers[0]).toEqual({
      id: expect.any(String),
      email: '"quoted",name@example.org',
      status: 'pending',
      createdAt: expect.any(String),
      confirmedAt: null,
      unsubscribedAt: null,
    });
    expect(all.body).not.toContain('Token');

    const confirmed = await get('/api/admin/newsletter-subscribers?status=confirmed&limit=1');
    expect(confirmed.json().total).toBe(2);
    expect(confirmed.json().counts).toEqual({ pending: 2, confirmed: 2, unsubscribed: 1 });
    expect(confirmed.json().subscribers).toEqual([
      expect.objectContaining({ email: 'plain@example.org', confirmedAt: expect.any(String) }),
    ]);
    const bad = await get('/api/admin/newsletter-subscribers?status=new');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('status');
  });

  it('exports a CSV named by date, quoted, with formulas neutralised, and audits it', async () => {
    const res = await get('/api/admin/newsletter-subscribers.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="newsletter-subscribers-${today}.csv"`,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFEmail,Status,Subscribed,Confirmed');
    expect(lines).toHaveLength(7); // header, five rows, the final empty piece
    expect(lines[1]).toMatch(/^"""quoted"",name@example.org",pending,\d{4}-\d\d-\d\dT[^,]+,$/);
    expect(lines[5]).toMatch(/^'=cmd\|calc@example.org,confirmed,\d{4}-[^,]+,\d{4}-[^,]+$/);
    const entries = await auditEntries(app, 'export', 'newsletter-subscribers');
    expect(entries.at(-1)).toMatchObject({ actorId: admin.user.id, details: { status: 'all' } });
  });

  it('exports only the filtered status', async () => {
    const res = await get('/api/admin/newsletter-subscribers.csv?status=confirmed');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['confirmed', 'confirmed']);
    const entries = await auditEntries(app, 'export', 'newsletter-subscribers');
    expect(entries.at(-1)).toMatchObject({ details: { status: 'confirmed' } });
    expect((await get('/api/admin/newsletter-subscribers.csv?status=x')).statusCode).toBe(400);
  });

  it('is refused to an anonymous request', async () => {
    const res = await app.inject({ url: '/api/admin/newsletter-subscribers.csv' });
    expect(res.statusCode).toBe(401);
  });
});

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
  ])('%j becomes %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });
  it('writes nothing for a missing value', () => {
    expect(csvCell(null)).toBe('');
  });
});
