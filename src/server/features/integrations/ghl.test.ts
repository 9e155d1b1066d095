import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendMembershipApplication } from '~tests/helpers/members';
import { sendContactMessage, sendContactMessageThenDrain } from '~tests/helpers/contact';
import { jobs, newsletterSubscribers } from '~/db/schema';
import { buildTestApp, type TestApp } from '~tests/helpers/app';
import { appWithAdmin, signIn, type AdminSession } from '~tests/helpers/admin';
import { donationFieldId, startGhlStandIn, type GhlStandIn } from '~tests/helpers/ghl-stand-in';
import { adminCall, drainJobs, ghlTestEnv } from '~tests/helpers/integrations';
import { confirmWithButton, visitConfirmLink } from '~tests/helpers/newsletter';
import { announce } from '~/server/services/announcements/announce';
import {
  donationCompleted,
  subscriptionCancelled,
  subscriptionStarted,
} from '~/server/services/announcements/donation-events';
import { ghlNotConfiguredMessage } from './ghl-routes';

const HOUR = 3_600_000;

let standIn: GhlStandIn;
let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  standIn = await startGhlStandIn();
  ({ app, admin } = await appWithAdmin({}, ghlTestEnv(standIn)));
});
afterAll(async () => {
  await app.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.contacts.clear();
});

const ghlJobs = () => app.database.db.select().from(jobs).where(like(jobs.kind, 'ghl.%'));

describe('GET /api/ghl/test-connection', () => {
  it('answers success with the location when GHL takes the token', async () => {
    standIn.seed({ email: 'one@example.org' });
    const res = await adminCall(app, admin, 'GET', '/api/ghl/test-connection');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      success: true,
      configured: true,
      message: 'Connected to GoHighLevel: location standinLocation01, 1 contact.',
      error: null,
    });
  });

  it('answers success false with GHL’s reason when the token is refused', async () => {
    const wrong = await buildTestApp({ ...ghlTestEnv(standIn), GHL_TOKEN: 'pit-revoked' });
    try {
      const res = await adminCall(wrong, await signIn(wrong), 'GET', '/api/ghl/test-connection');
      expect(res.json()).toEqual({
        success: false,
        configured: true,
        message: 'Could not connect to GoHighLevel.',
        error: 'GoHighLevel refused the token (401): Invalid token: access token is invalid',
      });
    } finally {
      await wrong.close();
    }
  });
});

describe('GET /api/ghl/contacts and /api/ghl/contact/:email', () => {
  it('lists the newest contacts, 50 by default, with tags and the last gift', async () => {
    for (let i = 0; i < 55; i += 1) {
      standIn.seed({
        email: `person${i}@example.org`,
        dateAdded: new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString(),
      });
    }
    standIn.seed({
      email: 'newest@example.org',
      firstName: 'Chana',
      lastName: 'Weiss',
      tags: ['donor', 'monthly-donor', 'newsletter', 'member-beacon'],
      customFields: [{ id: donationFieldId, value: 36000 }],
      dateAdded: '2031-01-01T00:00:00.000Z',
    });
    const res = await adminCall(app, admin, 'GET', '/api/ghl/contacts?limit=50');
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.contacts).toHaveLength(50);
    expect(body.message).toBe('50 of 56 contacts.');
    expect(body.contacts[0]).toEqual({
      id: expect.any(String),
      firstName: 'Chana',
      lastName: 'Weiss',
      email: 'newest@example.org',
      phone: null,
      tags: ['donor', 'monthly-donor', 'newsletter', 'member-beacon'],
      customFields: { donation_amount: 36000 },
      dateAdded: '2031-01-01T00:00:00.000Z',
    });
    expect(standIn.requests.find((r) => r.path === '/contacts/search')!.body).toMatchObject({
      pageLimit: 50,
    });
    const fewer = await adminCall(app, admin, 'GET', '/api/ghl/contacts?limit=5');
    expect(fewer.json().contacts).toHaveLength(5);
  });

  it('refuses a bad limit with a message for the field', async () => {
    for (const limit of ['0', '101', 'abc', '2.5']) {
      const res = await adminCall(app, admin, 'GET', `/api/ghl/contacts?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().error.fields.limit).toMatch(/Limit must be/);
    }
  });

  it('finds a contact by email, says when there is none, refuses a malformed email', async () => {
    standIn.seed({ email: 'found@example.org', firstName: 'Found', tags: ['donor'] });
    const found = await adminCall(app, admin, 'GET', '/api/ghl/contact/Found%40Example.org');
    expect(found.json()).toMatchObject({
      success: true,
      contact: { email: 'found@example.org', firstName: 'Found', tags: ['donor'] },
    });
    const missing = await adminCall(app, admin, 'GET', '/api/ghl/contact/nobody%40example.org');
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual({
      success: false,
      contact: null,
      message: 'No contact found with that email address',
    });
    const bad = await adminCall(app, admin, 'GET', '/api/ghl/contact/not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ email: 'Please enter a valid email address' });
  });

  it('answers success false when GHL fails', async () => {
    standIn.answerNext(500);
    const res = await adminCall(app, admin, 'GET', '/api/ghl/contacts');
    expect(res.json()).toEqual({
      success: false,
      contacts: [],
      message: 'GoHighLevel answered 500: Stand-in answer 500',
    });
  });

  it('refuses an anonymous request (401)', async () => {
    for (const url of [
      '/api/ghl/test-connection',
      '/api/ghl/contacts',
      '/api/ghl/contact/a%40b.org',
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(401);
    }
  });
});

describe('the CRM sync', () => {
  it('a contact message upserts the sender with the contact-form tag', async () => {
    await sendContactMessageThenDrain(app, {
      name: 'Leah Gold',
      email: 'Leah@Example.org',
      message: 'A question about tiers.',
    });
    expect(standIn.byEmail('leah@example.org')).toMatchObject({
      firstName: 'Leah',
      lastName: 'Gold',
      tags: ['contact-form'],
    });
    // Upsert first (without tags), then the tags.
    expect(
      standIn.requests.map((r) => `${r.method} ${r.path.replace(/\/ct[0-9a-f]+\//, '/:id/')}`),
    ).toEqual(['POST /contacts/upsert', 'POST /contacts/:id/tags']);
    expect(standIn.requests[0]!.body).not.toHaveProperty('tags');
  });

  it('a membership application tags the applicant member-<tier>', async () => {
    await sendMembershipApplication(app, {
      firstName: 'Yosef',
      lastName: 'Levi',
      email: 'yosef@example.org',
      phone: '845-555-0199',
      membershipTier: 'flame',
    });
    await drainJobs(app);
    expect(standIn.byEmail('yosef@example.org')).toMatchObject({
      firstName: 'Yosef',
      lastName: 'Levi',
      phone: '845-555-0199',
      tags: ['member-flame'],
    });
  });

  it('a confirmed newsletter subscription tags the address newsletter, once', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'news@example.org' },
    });
    await drainJobs(app);
    expect(standIn.byEmail('news@example.org')).toBeUndefined();
    const [row] = await app.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'news@example.org'));
    // The link's page, as a mail scanner fetches it, announces nothing; its button, pressed
    // twice, announces once.
    expect((await visitConfirmLink(app, row!.confirmToken)).statusCode).toBe(200);
    await drainJobs(app);
    expect(standIn.byEmail('news@example.org')).toBeUndefined();
    for (let i = 0; i < 2; i += 1) {
      const res = await confirmWithButton(app, row!.confirmToken);
      expect(res.statusCode).toBe(303);
    }
    await drainJobs(app);
    expect(standIn.byEmail('news@example.org')!.tags).toEqual(['newsletter']);
    expect(standIn.requests.filter((r) => r.path === '/contacts/upsert')).toHaveLength(1);
  });

  it('a completed gift tags donor (and monthly-donor) and records the amount in cents', async () => {
    const gift = {
      id: randomUUID(),
      donorName: 'Moshe Katz',
      email: 'moshe@example.org',
      amountCents: 18000,
      currency: 'usd',
      donationType: 'onetime' as const,
      paymentMethod: 'stripe' as const,
      donatedAt: new Date(),
    };
    await app.database.db.transaction((tx) => announce(tx, donationCompleted(gift)));
    await drainJobs(app);
    const contact = standIn.byEmail('moshe@example.org')!;
    expect(contact.tags).toEqual(['donor']);
    expect(contact.customFields).toEqual([{ id: donationFieldId, value: 18000 }]);

    const monthly = {
      ...gift,
      id: randomUUID(),
      amountCents: 36000,
      donationType: 'subscription' as const,
    };
    await app.database.db.transaction((tx) => announce(tx, donationCompleted(monthly)));
    await drainJobs(app);
    expect(standIn.byEmail('moshe@example.org')).toMatchObject({
      tags: ['donor', 'monthly-donor'],
      customFields: [{ id: donationFieldId, value: 36000 }],
    });
  });

  it('a monthly gift started tags monthly-donor; cancelled takes it off again', async () => {
    const gift = {
      id: 'sub_standin_1',
      donorName: 'Devorah Stein',
      email: 'devorah@example.org',
      amountCents: 7200,
      currency: 'usd',
      paymentMethod: 'stripe' as const,
    };
    await app.database.db.transaction((tx) => announce(tx, subscriptionStarted(gift)));
    await drainJobs(app);
    expect(standIn.byEmail('devorah@example.org')!.tags).toEqual(['donor', 'monthly-donor']);
    await app.database.db.transaction((tx) => announce(tx, subscriptionCancelled(gift)));
    await drainJobs(app);
    expect(standIn.byEmail('devorah@example.org')!.tags).toEqual(['donor']);
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      body: { tags: ['monthly-donor'] },
    });
  });

  it('announcing the same fact twice queues one sync; a comment is no CRM event', async () => {
    const before = (await ghlJobs()).length;
    const event = {
      type: 'contact.received' as const,
      messageId: randomUUID(),
      name: 'Twice',
      email: 'twice@example.org',
    };
    await app.database.db.transaction((tx) => announce(tx, event));
    await app.database.db.transaction((tx) => announce(tx, event));
    const comment = await app.database.db.transaction((tx) =>
      announce(tx, {
        type: 'comment.submitted',
        commentId: randomUUID(),
        videoId: randomUUID(),
        authorName: 'Viewer',
        authorEmail: 'viewer@example.org',
      }),
    );
    expect(comment.ghl).toBe(false);
    expect((await ghlJobs()).length).toBe(before + 1);
    await drainJobs(app);
  });

  it('a CRM down for a while receives every contact once it is back', async () => {
    await standIn.down();
    const emails = ['r1@example.org', 'r2@example.org', 'r3@example.org'];
    for (const email of emails) {
      await sendContactMessage(app, {
        name: 'Waiting Person',
        email,
        message: 'Written while the CRM was down.',
      });
    }
    await drainJobs(app);
    const waiting = (await ghlJobs()).filter((j) => j.status === 'pending');
    expect(waiting).toHaveLength(3);
    expect(
      waiting.every((j) => j.attempts === 1 && /could not be reached/.test(j.lastError!)),
    ).toBe(true);
    app.advanceClock(HOUR);
    await drainJobs(app);
    expect((await ghlJobs()).filter((j) => j.status === 'pending')).toHaveLength(3);

    await standIn.up();
    app.advanceClock(3 * HOUR);
    await drainJobs(app);
    for (const email of emails)
      expect(standIn.byEmail(email)?.tags, email).toEqual(['contact-form']);
    expect(standIn.contacts.size).toBe(3);
    expect((await ghlJobs()).filter((j) => j.status !== 'succeeded')).toEqual([]);
  });

  it('a 429 with a long Retry-After puts the sync off until then', async () => {
    standIn.answerNext({ status: 429, retryAfter: '600' });
    const before = Date.now();
    await sendContactMessage(app, {
      name: 'Later Person',
      email: 'later@example.org',
      message: 'Rate limited for now.',
    });
    await drainJobs(app);
    const [job] = (await ghlJobs()).filter((j) => j.status === 'pending');
    expect(job!.runAt.getTime() - before).toBeGreaterThanOrEqual(600_000);
    app.advanceClock(601_000);
    await drainJobs(app);
    expect(standIn.byEmail('later@example.org')!.tags).toEqual(['contact-form']);
  });
});

describe('GoHighLevel not configured', () => {
  let bare: TestApp;
  let session: AdminSession;
  beforeAll(async () => {
    bare = await buildTestApp();
    session = await signIn(bare);
  });
  afterAll(() => bare.close());

  it('the calls say so and how to configure it', async () => {
    expect((await adminCall(bare, session, 'GET', '/api/ghl/test-connection')).json()).toEqual({
      success: false,
      configured: false,
      message: ghlNotConfiguredMessage,
      error: 'not_configured',
    });
    expect((await adminCall(bare, session, 'GET', '/api/ghl/contacts')).json()).toEqual({
      success: false,
      contacts: [],
      message: ghlNotConfiguredMessage,
    });
    expect(ghlNotConfiguredMessage).toContain('GHL_TOKEN');
  });

  it('no sync job is enqueued', async () => {
    await sendContactMessage(bare, {
      name: 'No Crm',
      email: 'nocrm@example.org',
      message: 'Nobody syncs this one.',
    });
    const queued = await bare.database.db.select().from(jobs).where(like(jobs.kind, 'ghl.%'));
    expect(queued).toEqual([]);
  });
});
