import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendMembershipApplication } from '~tests/helpers/members';
import { jobs, newsletterSubscribers } from '~/db/schema';
import { buildTestApp, type TestApp } from '~tests/helpers/app';
import { sendContactMessage, sendContactMessageThenDrain } from '~tests/helpers/contact';
import { drainJobs } from '~tests/helpers/integrations';
import { MAIL_JOB_KIND } from '~/server/services/mail/mail-job';
import { startSmtpServer } from '~tests/helpers/smtp';
import { confirmWithButton, visitConfirmLink } from '~tests/helpers/newsletter';

const HOUR = 3_600_000;

describe('mail sent through the outbox', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ OFFICE_EMAIL: 'office@tziyun.test' });
  });
  afterAll(() => app.close());

  it('a contact message notifies the office and acknowledges the sender', async () => {
    const message = 'Please pray for my mother, Rivka bat Leah.';
    await sendContactMessageThenDrain(app, {
      name: 'Sarah Cohen',
      email: 'sarah@example.org',
      message,
    });
    const office = app.sentMail.find((m) => m.to === 'office@tziyun.test');
    const sender = app.sentMail.find((m) => m.to === 'sarah@example.org');
    expect(office?.subject).toBe('New message from Sarah Cohen');
    expect(office?.replyTo).toBe('sarah@example.org');
    expect(office?.text).toContain(message);
    expect(sender?.subject).toContain('We received your message');
    // The acknowledgement goes to an unverified address: it carries nothing the visitor typed.
    expect(sender?.html).not.toContain(message);
    expect(sender?.text).not.toContain('Sarah Cohen');

    // A second message from the same address the same day is stored and sent to the office, but
    // not acknowledged again: the form cannot be used to flood a stranger's inbox.
    await sendContactMessageThenDrain(app, {
      name: 'Sarah Cohen',
      email: 'SARAH@example.org',
      message: 'And my father, too.',
    });
    expect(app.sentMail.filter((m) => m.to === 'office@tziyun.test')).toHaveLength(2);
    expect(app.sentMail.filter((m) => m.to.toLowerCase() === 'sarah@example.org')).toHaveLength(1);
  });

  it('a membership application confirms to the applicant and notifies the office, without the intentions', async () => {
    app.sentMail.length = 0;
    const res = await sendMembershipApplication(app, {
      firstName: 'Yosef',
      lastName: 'Levi',
      email: 'yosef@example.org',
      membershipTier: 'flame',
      prayerIntentions: 'Refuah shleimah for Chaim ben Sarah',
    });
    expect(res.statusCode).toBe(200);
    await drainJobs(app);
    expect(app.sentMail.map((m) => m.to).sort()).toEqual([
      'office@tziyun.test',
      'yosef@example.org',
    ]);
    const applicant = app.sentMail.find((m) => m.to === 'yosef@example.org')!;
    expect(applicant.subject).toContain('Flame Tier');
    expect(applicant.text).toContain('Payment details');
    for (const mail of app.sentMail) {
      expect(mail.text + mail.html).not.toContain('Chaim ben Sarah');
    }
  });

  it('a failed send is retried after its backoff and delivered once', async () => {
    app.sentMail.length = 0;
    app.mailFailNext(2);
    await sendContactMessage(app, {
      name: 'Retry Test',
      email: 'retry@example.org',
      message: 'Testing retries here.',
    });
    await drainJobs(app);
    expect(app.sentMail).toHaveLength(0);
    const pending = await app.database.db.select().from(jobs).where(eq(jobs.status, 'pending'));
    expect(pending).toHaveLength(2);
    expect(pending.every((j) => j.lastError?.includes('SMTP unavailable'))).toBe(true);
    app.advanceClock(HOUR);
    await drainJobs(app);
    expect(app.sentMail.map((m) => m.to).sort()).toEqual([
      'office@tziyun.test',
      'retry@example.org',
    ]);
    app.advanceClock(HOUR);
    await drainJobs(app);
    expect(app.sentMail).toHaveLength(2);
  });
});

describe('newsletter double opt-in', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const subscribe = (email: string) =>
    app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
  const row = async (email: string) =>
    (
      await app.database.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email))
    )[0]!;

  it('mails one confirmation link with one-click unsubscribe headers, however often asked', async () => {
    await subscribe('leah@example.org');
    await subscribe('leah@example.org');
    await drainJobs(app);
    const mails = app.sentMail.filter((m) => m.to === 'leah@example.org');
    expect(mails).toHaveLength(1);
    const { confirmToken, unsubscribeToken } = await row('leah@example.org');
    expect(mails[0]!.text).toContain(
      `https://tziyun.test/newsletter/confirm?token=${confirmToken}`,
    );
    expect(mails[0]!.headers).toMatchObject({
      'List-Unsubscribe': expect.stringContaining(
        `<https://tziyun.test/api/newsletter/unsubscribe?token=${unsubscribeToken}>`,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('confirms with the link’s button (its GET confirms nothing), once, and refuses an unknown token', async () => {
    const { confirmToken } = await row('leah@example.org');
    expect((await visitConfirmLink(app, confirmToken)).statusCode).toBe(200);
    expect((await row('leah@example.org')).status).toBe('pending');
    const first = await confirmWithButton(app, confirmToken);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/newsletter?status=confirmed');
    expect((await row('leah@example.org')).status).toBe('confirmed');
    const second = await confirmWithButton(app, confirmToken);
    expect(second.headers.location).toBe('/newsletter?status=already-confirmed');
    const bad = await confirmWithButton(app, 'nope');
    expect(bad.headers.location).toBe('/newsletter?status=invalid');
  });

  it('leads a browser that opens the List-Unsubscribe address to the page’s button, unsubscribing no one', async () => {
    const { unsubscribeToken } = await row('leah@example.org');
    for (const method of ['GET', 'HEAD', 'GET'] as const) {
      const opened = await app.inject({
        method,
        url: `/api/newsletter/unsubscribe?token=${unsubscribeToken}`,
      });
      expect(opened.statusCode).toBe(303);
      expect(opened.headers.location).toBe(`/newsletter/unsubscribe?token=${unsubscribeToken}`);
      expect(opened.headers['cache-control']).toBe('no-store');
      expect(opened.headers['referrer-policy']).toBe('no-referrer');
    }
    expect((await row('leah@example.org')).status).toBe('confirmed');
    const page = await app.inject(`/newsletter/unsubscribe?token=${unsubscribeToken}`);
    expect(page.body).toContain(`action="/api/newsletter/unsubscribe?token=${unsubscribeToken}"`);
    const incomplete = await app.inject('/api/newsletter/unsubscribe');
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.body).not.toMatch(/\b400\b/);
  });

  it('unsubscribes with one click (RFC 8058), harmlessly twice, and from the page form', async () => {
    const { unsubscribeToken } = await row('leah@example.org');
    const oneClick = () =>
      app.inject({
        method: 'POST',
        url: `/api/newsletter/unsubscribe?token=${unsubscribeToken}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    expect((await oneClick()).statusCode).toBe(200);
    expect((await oneClick()).statusCode).toBe(200);
    expect((await row('leah@example.org')).status).toBe('unsubscribed');

    const page = await app.inject(`/newsletter/unsubscribe?token=${unsubscribeToken}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`action="/api/newsletter/unsubscribe?token=${unsubscribeToken}"`);
    const form = await app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${unsubscribeToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: '',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/newsletter?status=unsubscribed');
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/newsletter/unsubscribe?token=nope',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('starts over with new tokens when an unsubscribed address subscribes again', async () => {
    const before = await row('leah@example.org');
    app.sentMail.length = 0;
    await subscribe('leah@example.org');
    await drainJobs(app);
    const after = await row('leah@example.org');
    expect(after.status).toBe('pending');
    expect(after.confirmToken).not.toBe(before.confirmToken);
    expect(app.sentMail).toHaveLength(1);
  });
});

describe('SMTP outage', () => {
  it('keeps the mail while the server is down and delivers it once it is back', async () => {
    const smtp = await startSmtpServer();
    const app = await buildTestApp({ SMTP_URL: smtp.url, OFFICE_EMAIL: 'office@tziyun.test' });
    try {
      await smtp.stop();
      await sendContactMessageThenDrain(app, {
        name: 'Outage Test',
        email: 'outage@example.org',
        message: 'Sent while SMTP was down.',
      });
      expect(smtp.received).toHaveLength(0);

      await smtp.start();
      app.advanceClock(HOUR);
      await drainJobs(app);
      app.advanceClock(HOUR);
      await drainJobs(app);
      const recipients = smtp.received.map((m) => (m.to && 'text' in m.to ? m.to.text : '')).sort();
      expect(recipients).toEqual(['office@tziyun.test', 'outage@example.org']);
      const ack = smtp.received.find((m) => m.subject?.startsWith('We received your message'))!;
      expect(ack.text).toContain('The office has received your message');
    } finally {
      await app.close();
      await smtp.stop();
    }
  });
});

describe('a burst of contact messages with the worker running', () => {
  it('ends with every mail sent once, each job run once', async () => {
    const app = await buildTestApp({ OFFICE_EMAIL: 'office@tziyun.test' });
    try {
      app.jobWorker.start();
      const posts = 30;
      const answers = await Promise.all(
        Array.from({ length: posts }, (_, n) =>
          sendContactMessage(app, {
            name: `Visitor ${n}`,
            email: `visitor-${n}@example.org`,
            message: `Message number ${n} of the burst.`,
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(posts).fill(200));
      await vi.waitFor(() => expect(app.sentMail).toHaveLength(2 * posts), { timeout: 15_000 });

      const office = app.sentMail.filter((m) => m.to === 'office@tziyun.test');
      expect(new Set(office.map((m) => m.subject)).size).toBe(posts);
      const acknowledged = app.sentMail.filter((m) => m.to !== 'office@tziyun.test');
      expect(new Set(acknowledged.map((m) => m.to)).size).toBe(posts);
      const mailJobs = () =>
        app.database.db
          .select({ status: jobs.status, attempts: jobs.attempts })
          .from(jobs)
          .where(eq(jobs.kind, MAIL_JOB_KIND));
      // A job's success is recorded just after its mail went: on a busy machine the last ones
      // land a moment later.
      await vi.waitFor(async () => {
        const done = await mailJobs();
        expect(done).toHaveLength(2 * posts);
        expect(done.every((j) => j.status === 'succeeded' && j.attempts === 1)).toBe(true);
      });
    } finally {
      await app.close();
    }
  });
});
