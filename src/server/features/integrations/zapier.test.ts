import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendContactMessage } from '~tests/helpers/contact';
import { contactMessages, integrations, jobs, webhookDeliveries } from '~/db/schema';
import { buildTestApp, type TestApp } from '~tests/helpers/app';
import { auditEntries, appWithAdmin, signIn, type AdminSession } from '~tests/helpers/admin';
import { adminCall, drainJobs } from '~tests/helpers/integrations';
import { startWebhookReceiver, type WebhookReceiver } from '~tests/helpers/webhook-receiver';

const HOUR = 3_600_000;

let receiver: WebhookReceiver;
let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ app, admin } = await appWithAdmin(
    {},
    { WEBHOOK_ALLOW_LOOPBACK: 'true', OFFICE_EMAIL: 'office@tziyun.test' },
  ));
});
afterAll(async () => {
  await app.close();
  await receiver.close();
});

/** An admin call on a fresh session: the tests move the clock past a session's idle limit. */
const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  adminCall(app, await signIn(app, admin.user), method, url, payload);

async function connect(url = receiver.url) {
  const res = await call('POST', '/api/zapier/webhook-url', { url });
  expect(res.statusCode, res.body).toBe(200);
  const secret: string = (await call('GET', '/api/zapier/secret')).json().secret;
  receiver.trust(secret);
  return secret;
}

async function sendContact(email: string, message = 'A message with private words in it.') {
  const res = await sendContactMessage(app, { name: 'Miriam Adler', email, message });
  expect(res.statusCode).toBe(200);
}

async function deliveries() {
  return (await call('GET', '/api/zapier/deliveries')).json().deliveries as {
    id: number;
    eventType: string;
    status: string;
    attempts: number;
    lastStatus: number | null;
    lastError: string | null;
    nextAttemptAt: string | null;
  }[];
}

async function resetEndpoint() {
  await app.database.db.delete(webhookDeliveries);
  await app.database.db.delete(integrations).where(eq(integrations.id, 'zapier'));
  await app.database.db.delete(jobs);
  receiver.received.length = 0;
  app.sentMail.length = 0;
}

describe('Zapier settings', () => {
  beforeEach(resetEndpoint);

  it('starts unconfigured: no delivery, no job', async () => {
    expect((await call('GET', '/api/zapier/status')).json()).toEqual({
      configured: false,
      webhookUrl: null,
      message: 'No webhook URL is set: events are not sent to Zapier.',
      enabled: false,
      disabledAt: null,
      disabledReason: null,
      previousSecretExpiresAt: null,
    });
    await sendContact('unsent@example.org');
    expect(await app.database.db.select().from(webhookDeliveries)).toEqual([]);
    expect((await app.database.db.select().from(jobs)).map((j) => j.kind)).not.toContain(
      'zapier.deliver',
    );
  });

  it('refuses a blank, malformed or plain-http URL with a message for the field', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Please enter a valid webhook URL'],
      [{ url: '' }, 'Please enter a valid webhook URL'],
      [{ url: '   ' }, 'Please enter a valid webhook URL'],
      [{ url: 'not a url' }, 'Please enter a valid webhook URL'],
      [{ url: 'http://203.0.113.10/hooks' }, 'The webhook URL must start with https://'],
      [{ url: 'ftp://203.0.113.10/hooks' }, 'The webhook URL must start with https://'],
      [
        { url: 'https://user:pw@203.0.113.10/h' },
        'The webhook URL must not contain a user name or password',
      ],
      [
        { url: `https://203.0.113.10/${'x'.repeat(2001)}` },
        'The webhook URL must be at most 2000 characters',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/zapier/webhook-url', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(payload)).toEqual({ url: message });
    }
  });

  it('saves a URL, makes a secret, and audits the host only', async () => {
    const secret = await connect();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect((await call('GET', '/api/zapier/status')).json()).toMatchObject({
      configured: true,
      webhookUrl: receiver.url,
      enabled: true,
      message: 'Events are sent to this webhook.',
    });
    const [entry] = await auditEntries(app, 'settings-change');
    expect(entry!.details).toEqual({ webhookHost: new URL(receiver.url).host });
  });

  it('refuses anonymous requests (401) and writes without the CSRF token (403)', async () => {
    const routes: ['GET' | 'POST', string][] = [
      ['GET', '/api/zapier/status'],
      ['GET', '/api/zapier/secret'],
      ['GET', '/api/zapier/deliveries'],
      ['POST', '/api/zapier/webhook-url'],
      ['POST', '/api/zapier/test'],
      ['POST', '/api/zapier/rotate-secret'],
      ['POST', '/api/zapier/deliveries/1/resend'],
      ['POST', '/api/zapier/deliveries/resend-failed'],
    ];
    for (const [method, url] of routes) {
      const anonymous = await app.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(anonymous.statusCode, url).toBe(401);
      if (method === 'POST') {
        const { 'x-csrf-token': _, ...withoutToken } = admin.headers;
        const forged = await app.inject({
          method,
          url,
          headers: withoutToken,
          payload: { url: receiver.url },
        });
        expect(forged.statusCode, url).toBe(403);
      }
    }
  });
});

describe('deliveries', () => {
  beforeEach(resetEndpoint);

  it('sends a test event, signed, and says what the receiver answered', async () => {
    await connect();
    const ok = await call('POST', '/api/zapier/test');
    expect(ok.json()).toEqual({ success: true, message: 'The webhook answered 200.' });
    const [hit] = receiver.received;
    expect(hit!.event).toMatchObject({
      type: 'webhook.test',
      data: { message: expect.any(String) },
    });
    expect(hit!.verifiedWith).toHaveLength(1);
    expect(hit!.headers['webhook-id']).toBe(hit!.event.id);

    receiver.answerNext(500);
    expect((await call('POST', '/api/zapier/test')).json()).toEqual({
      success: false,
      message: 'The receiver answered 500',
    });
  });

  it('delivers an event signed per Standard Webhooks, without the message’s text', async () => {
    await connect();
    await sendContact('signed@example.org', 'Please pray for my son Avraham ben Sarah.');
    await drainJobs(app);
    expect(receiver.received).toHaveLength(1);
    const [hit] = receiver.received;
    expect(hit!.verifiedWith).toHaveLength(1);
    expect(hit!.event).toEqual({
      id: hit!.headers['webhook-id'],
      type: 'contact.received',
      timestamp: expect.any(String),
      data: { messageId: expect.any(String), name: 'Miriam Adler', email: 'signed@example.org' },
    });
    expect(hit!.body).not.toContain('Avraham');
    expect(await deliveries()).toMatchObject([
      {
        eventType: 'contact.received',
        status: 'succeeded',
        attempts: 1,
        lastStatus: 200,
        nextAttemptAt: null,
      },
    ]);
  });

  it('a burst of messages delivers one event for each, naming its own message', async () => {
    await connect();
    const emails = Array.from({ length: 6 }, (_, i) => `burst-${i}@example.org`);
    await Promise.all(emails.map((email) => sendContact(email)));
    await drainJobs(app);
    const events = receiver.received.map(
      (hit) => hit.event.data as { messageId: string; email: string },
    );
    expect(events.map((event) => event.email).sort()).toEqual(emails);
    const stored = await app.database.db
      .select({ id: contactMessages.id, email: contactMessages.email })
      .from(contactMessages)
      .where(inArray(contactMessages.email, emails));
    expect(new Map(events.map((event) => [event.email, event.messageId]))).toEqual(
      new Map(stored.map((row) => [row.email, row.id])),
    );
    expect(new Set((await deliveries()).map((delivery) => delivery.status))).toEqual(
      new Set(['succeeded']),
    );
  });

  it('a receiver answering 500 then 200 gets the event exactly once, with the same id', async () => {
    await connect();
    receiver.answerNext(500);
    await sendContact('retry@example.org');
    await drainJobs(app);
    const [pending] = await deliveries();
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 500 });
    // The first retry is 5 s later (±10%).
    const wait = Date.parse(pending!.nextAttemptAt!) - Date.now();
    expect(wait).toBeGreaterThan(3_000);
    expect(wait).toBeLessThan(6_000);
    app.advanceClock(6_000);
    await drainJobs(app);
    app.advanceClock(48 * HOUR);
    await drainJobs(app);
    expect(receiver.received.map((r) => r.answer)).toEqual([500, 200]);
    expect(receiver.accepted()).toHaveLength(1);
    expect(receiver.received[0]!.headers['webhook-id']).toBe(
      receiver.received[1]!.headers['webhook-id'],
    );
    expect(await deliveries()).toMatchObject([
      { status: 'succeeded', attempts: 2, lastStatus: 200 },
    ]);
  });

  it('waits at least as long as a Retry-After says', async () => {
    await connect();
    receiver.answerNext({ status: 503, retryAfter: '7200' });
    await sendContact('busy@example.org');
    await drainJobs(app);
    const [pending] = await deliveries();
    expect(Date.parse(pending!.nextAttemptAt!) - Date.now()).toBeGreaterThan(7_190_000);
    app.advanceClock(2 * HOUR + 1000);
    await drainJobs(app);
    expect(receiver.accepted()).toHaveLength(1);
  });

  it('a 410 disables the endpoint and mails the office; later events wait in the log to be resent', async () => {
    await connect();
    receiver.answerNext(410);
    await sendContact('gone@example.org');
    await drainJobs(app);
    const status = (await call('GET', '/api/zapier/status')).json();
    expect(status).toMatchObject({
      configured: true,
      enabled: false,
      disabledReason: 'The receiver answered 410 Gone: it wants no more events.',
      message: 'Deliveries are stopped. Save the URL again to turn them back on.',
    });
    const notices = app.sentMail.filter((m) => m.subject === 'Zapier deliveries have stopped');
    expect(notices.map((m) => m.to)).toEqual(['office@tziyun.test']);
    expect(notices[0]!.text).toContain('410 Gone');
    expect((await deliveries())[0]).toMatchObject({ status: 'failed', lastStatus: 410 });

    await sendContact('while-off@example.org');
    await drainJobs(app);
    expect(receiver.received).toHaveLength(1);
    const log = await deliveries();
    expect(log[0]).toMatchObject({
      status: 'failed',
      attempts: 0,
      lastError: 'The endpoint was disabled',
    });
    const refused = await call('POST', `/api/zapier/deliveries/${log[0]!.id}/resend`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'The endpoint is disabled: save its URL to turn it back on first',
    );

    // Back on: save the URL again, then resend what failed.
    await connect();
    const resent = await call('POST', '/api/zapier/deliveries/resend-failed');
    expect(resent.json()).toMatchObject({ success: true, resent: 2 });
    await drainJobs(app);
    expect(
      receiver
        .accepted()
        .map((r) => r.event.data.email)
        .sort(),
    ).toEqual(['gone@example.org', 'while-off@example.org']);
    expect((await deliveries()).every((d) => d.status === 'succeeded')).toBe(true);
  });

  it('persistent failure over about a day disables the endpoint and mails the office', async () => {
    await connect();
    receiver.answerNext(...Array<number>(8).fill(500));
    await sendContact('down@example.org');
    let elapsed = 0;
    for (let i = 0; i < 8; i += 1) {
      await drainJobs(app);
      app.advanceClock(11 * HOUR);
      elapsed += 11;
    }
    await drainJobs(app);
    expect(receiver.received).toHaveLength(8);
    expect(elapsed).toBeGreaterThan(24);
    const [failed] = await deliveries();
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 8,
      lastStatus: 500,
      nextAttemptAt: null,
    });
    const [job] = await app.database.db.select().from(jobs).where(eq(jobs.kind, 'zapier.deliver'));
    expect(job).toMatchObject({ status: 'dead', attempts: 8 });
    expect((await call('GET', '/api/zapier/status')).json().disabledReason).toBe(
      'Deliveries kept failing for over a day (8 tries; last: The receiver answered 500).',
    );
    expect(app.sentMail.filter((m) => m.subject === 'Zapier deliveries have stopped')).toHaveLength(
      1,
    );

    await connect();
    expect((await call('POST', `/api/zapier/deliveries/${failed!.id}/resend`)).statusCode).toBe(
      200,
    );
    await drainJobs(app);
    expect(receiver.accepted()).toHaveLength(1);
  });

  it('lists deliveries by status and refuses bad ids', async () => {
    await connect();
    await sendContact('listed@example.org');
    await drainJobs(app);
    const [done] = await deliveries();
    expect((await call('GET', '/api/zapier/deliveries?status=failed')).json().deliveries).toEqual(
      [],
    );
    expect(
      (await call('GET', '/api/zapier/deliveries?status=succeeded')).json().deliveries,
    ).toHaveLength(1);
    const bad = await call('GET', '/api/zapier/deliveries?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.status).toBe('Status must be pending, succeeded or failed');
    expect((await call('POST', '/api/zapier/deliveries/abc/resend')).json().error.fields).toEqual({
      id: 'Unknown delivery',
    });
    expect((await call('POST', '/api/zapier/deliveries/999999/resend')).statusCode).toBe(404);
    expect((await call('POST', `/api/zapier/deliveries/${done!.id}/resend`)).statusCode).toBe(409);
  });

  it('rotating the secret signs with both secrets for a day, then with the new one only', async () => {
    const old = await connect();
    const rotated = await call('POST', '/api/zapier/rotate-secret');
    const fresh: string = rotated.json().secret;
    expect(fresh).not.toBe(old);
    expect((await call('GET', '/api/zapier/status')).json().previousSecretExpiresAt).not.toBeNull();

    receiver.trust(old, fresh);
    await call('POST', '/api/zapier/test');
    expect(receiver.received.at(-1)!.verifiedWith).toEqual([old, fresh]);
    expect(receiver.received.at(-1)!.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);

    app.advanceClock(25 * HOUR);
    await call('POST', '/api/zapier/test');
    expect(receiver.received.at(-1)!.verifiedWith).toEqual([fresh]);
    expect((await call('GET', '/api/zapier/status')).json().previousSecretExpiresAt).toBeNull();
  });
});

describe('in production: no webhook into a private network (SSRF)', () => {
  let prod: TestApp;
  let session: AdminSession;
  beforeAll(async () => {
    prod = await buildTestApp({ NODE_ENV: 'production' });
    session = await signIn(prod);
  });
  afterAll(() => prod.close());

  it('refuses loopback, private, link-local and mapped addresses, and a name resolving to 127.0.0.1', async () => {
    const refused = [
      'https://127.0.0.1/hook',
      'https://127.8.9.10:8443/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://172.16.0.1/hook',
      'https://192.168.1.20/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.7/hook',
      'https://0.0.0.0/hook',
      'https://[::1]/hook',
      'https://[fd12:3456::1]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
    ];
    for (const url of refused) {
      const res = await adminCall(prod, session, 'POST', '/api/zapier/webhook-url', { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.fields.url, url).toBe(
        'The webhook URL must point to a public internet address, not one inside a private network',
      );
    }
    const plain = await adminCall(prod, session, 'POST', '/api/zapier/webhook-url', {
      url: receiver.url,
    });
    expect(plain.json().error.fields.url).toBe('The webhook URL must start with https://');
  });

  it('takes a public address', async () => {
    const res = await adminCall(prod, session, 'POST', '/api/zapier/webhook-url', {
      url: 'https://93.184.215.14/hooks/catch/1/abc',
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses to connect when a saved name resolves to a private address by delivery time', async () => {
    await prod.database.db
      .update(integrations)
      .set({ url: 'https://localhost:9/hook' })
      .where(eq(integrations.id, 'zapier'));
    const res = await adminCall(prod, session, 'POST', '/api/zapier/test');
    expect(res.json()).toEqual({
      success: false,
      message:
        'The webhook could not be delivered (refused to connect to localhost: not a public address)',
    });
  });
});
