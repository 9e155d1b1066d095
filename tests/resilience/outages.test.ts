import { and, count, eq, inArray, min } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactMessages,
  donations,
  jobs,
  membershipApplications,
  newsletterSubscribers,
  webhookDeliveries,
} from '~/db/schema';
import { readEndpoint, saveEndpointUrl } from '~/server/features/integrations/webhook-endpoint';
import { buildTestApp, type TestApp } from '~tests/helpers/app';
import { startGhlStandIn, type GhlStandIn } from '~tests/helpers/ghl-stand-in';
import { drainJobs, ghlTestEnv } from '~tests/helpers/integrations';
import { startSmtpServer } from '~tests/helpers/smtp';
import { deliverEvent, stripeTestEnv } from '~tests/helpers/stripe';
import { startStripeStandIn, type StripeStandIn } from '~tests/helpers/stripe-stand-in';
import { startWebhookReceiver, type WebhookReceiver } from '~tests/helpers/webhook-receiver';

/**
 * Outages: SMTP, the CRM (GoHighLevel), Zapier and Stripe are all down for 90 minutes
 * of the app's clock while visitors keep writing in, applying, subscribing and paying. Afterwards
 * every acknowledged write is stored, every job has succeeded, and each service received each
 * piece of work exactly once (counted per idempotency key: mail by recipient and subject, CRM
 * upserts per job, Zapier deliveries per webhook-id).
 */
const MINUTE = 60_000;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ghl: GhlStandIn;
let zapier: WebhookReceiver;
let stripe: StripeStandIn;
let app: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ghl = await startGhlStandIn();
  zapier = await startWebhookReceiver();
  stripe = await startStripeStandIn();
  app = await buildTestApp({
    SMTP_URL: smtp.url,
    OFFICE_EMAIL: 'office@tziyun.test',
    ...ghlTestEnv(ghl),
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    ...stripeTestEnv(stripe),
    DONATION_RATE_LIMIT: '1000',
    DONATION_GLOBAL_RATE_LIMIT: '1000',
  });
  await saveEndpointUrl(app.database.db, zapier.url, app.clock());
  zapier.trust((await readEndpoint(app.database.db))!.secret!);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await smtp?.stop();
  await ghl?.close();
  await zapier?.close();
  await stripe?.close();
});

const post = (url: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, payload });

/** The visitors' writes of one moment; returns the status of each. */
async function visitorsWrite(n: number) {
  const answers = await Promise.all([
    post('/api/contact', {
      name: 'Outage Writer',
      email: `contact.${n}@example.org`,
      message: 'Please pray for my father.',
    }),
    post('/api/membership-applications', {
      firstName: 'Outage',
      lastName: `Applicant${n}`,
      email: `member.${n}@example.org`,
      phone: '+1 (845) 555-0100',
      membershipTier: 'beacon',
      prayerIntentions: '',
      message: '',
    }),
    post('/api/newsletter', { email: `news.${n}@example.org` }),
  ]);
  return answers.map((r) => r.statusCode);
}

/** Moves the clock to the next due job (at most `stepMs` ahead) and runs what is due. */
async function runOutboxFor(totalMs: number, stepMs: number) {
  const until = app.clock().getTime() + totalMs;
  while (app.clock().getTime() < until) {
    await drainJobs(app);
    const [next] = await app.database.db
      .select({ at: min(jobs.runAt) })
      .from(jobs)
      .where(inArray(jobs.status, ['pending', 'running']));
    const wait = next?.at ? next.at.getTime() - app.clock().getTime() : stepMs;
    app.advanceClock(Math.min(stepMs, Math.max(1000, wait + 1000)));
  }
  await drainJobs(app);
}

const statusCounts = async () =>
  Object.fromEntries(
    (
      await app.database.db
        .select({ status: jobs.status, n: count() })
        .from(jobs)
        .groupBy(jobs.status)
    ).map((r) => [r.status, r.n]),
  );

describe('SMTP, the CRM, Zapier and Stripe down at once', () => {
  it('loses nothing and does nothing twice', { timeout: 120_000 }, async () => {
    // A donor pays before the outage; the site has not recorded the gift yet.
    const setUp = await post('/api/create-payment-intent', { amount: 36 });
    expect(setUp.statusCode, setUp.body).toBe(200);
    const pi = stripe.intentOfClientSecret(setUp.json().clientSecret);
    stripe.pay(pi.id);
    const gift = {
      name: 'Outage Donor',
      email: 'donor@example.org',
      amount: 3600,
      donationType: 'onetime',
      stripePaymentId: pi.id,
    };

    // Everything goes down: SMTP and the CRM refuse connections, Zapier's hook too, Stripe 500s.
    await smtp.stop();
    await ghl.down();
    await zapier.down();
    stripe.failNext(...Array.from({ length: 200 }, () => ({ status: 500 })));

    // 90 minutes of the app's clock, the worker running throughout; visitors write every 30.
    const acknowledged: number[] = [];
    const refusedWhileDown: number[] = [];
    for (let step = 0; step < 9; step += 1) {
      if (step % 3 === 0) {
        const n = acknowledged.length;
        expect(await visitorsWrite(n)).toEqual([200, 200, 200]);
        acknowledged.push(n);
        // Starting a new gift needs Stripe: refused plainly (502), nothing stored.
        refusedWhileDown.push(
          (await post('/api/create-payment-intent', { amount: 18 })).statusCode,
        );
        // The browser's confirmation of the paid gift needs Stripe too: refused, retried later.
        refusedWhileDown.push((await post('/api/record-donation', gift)).statusCode);
      }
      await runOutboxFor(10 * MINUTE, 10 * MINUTE);
    }
    expect(new Set(refusedWhileDown)).toEqual(new Set([502]));
    // Stripe's own webhook for the paid gift arrives during the outage (it carries the snapshot).
    const paid = stripe.event('payment_intent.succeeded', stripe.paymentIntent(pi.id));
    const duringOutage = await deliverEvent(app, paid);
    expect([200, 500]).toContain(duringOutage.statusCode);
    expect((await statusCounts()).succeeded ?? 0).toBe(0);
    const dead = await app.database.db
      .select({ kind: jobs.kind, attempts: jobs.attempts, error: jobs.lastError })
      .from(jobs)
      .where(eq(jobs.status, 'dead'));
    expect(dead).toEqual([]);

    // Everything comes back. Stripe redelivers the event, twice; the browser retries too.
    await smtp.start();
    await ghl.up();
    await zapier.up();
    stripe.failNext();
    expect((await deliverEvent(app, paid)).statusCode).toBe(200);
    expect((await deliverEvent(app, paid)).statusCode).toBe(200);
    expect((await post('/api/record-donation', gift)).statusCode).toBe(200);
    await runOutboxFor(30 * 60 * MINUTE, 15 * MINUTE);

    // Nothing lost: every acknowledged write is stored, every job has succeeded.
    const { db } = app.database;
    const writes = acknowledged.length;
    expect(await db.$count(contactMessages)).toBe(writes);
    expect(await db.$count(membershipApplications)).toBe(writes);
    expect(await db.$count(newsletterSubscribers)).toBe(writes);
    expect(await db.$count(donations)).toBe(1);
    expect(await db.$count(donations, eq(donations.stripePaymentIntentId, pi.id))).toBe(1);
    expect(await statusCounts()).toEqual({ succeeded: await db.$count(jobs) });

    // Mail: one message per mail job, none twice.
    const mailJobs = await db.$count(jobs, eq(jobs.kind, 'mail.send'));
    // Office notifications share recipient and subject: the body (naming the visitor) tells them apart.
    const mails = smtp.received.map(
      (m) => `${m.to && 'text' in m.to ? m.to.text : ''}|${m.subject}|${m.text}`,
    );
    expect(mails).toHaveLength(mailJobs);
    expect(new Set(mails).size).toBe(mails.length);
    expect(mails.filter((m) => m.startsWith('donor@example.org|'))).toHaveLength(1);
    // Per visitor: a contact's acknowledgement, an applicant's confirmation, a confirmation link.
    for (let n = 0; n < writes; n += 1) {
      for (const who of ['contact', 'member', 'news']) {
        expect(mails.filter((m) => m.startsWith(`${who}.${n}@example.org|`))).toHaveLength(1);
      }
    }

    // The CRM: one successful upsert per sync job.
    const ghlJobs = await db.$count(jobs, eq(jobs.kind, 'ghl.sync'));
    const upserts = ghl.requests.filter(
      (r) => r.method === 'POST' && r.path === '/contacts/upsert' && r.answer === 200,
    );
    expect(ghlJobs).toBeGreaterThan(0);
    expect(upserts).toHaveLength(ghlJobs);
    expect(ghl.byEmail('donor@example.org')?.tags).toContain('donor');

    // Zapier: every delivery accepted once, signed, and none twice.
    const accepted = zapier.accepted();
    const ids = accepted.map((r) => String(r.headers['webhook-id']));
    expect(new Set(ids).size).toBe(ids.length);
    expect(accepted.every((r) => r.verifiedWith.length === 1)).toBe(true);
    const delivered = await db.$count(
      webhookDeliveries,
      and(eq(webhookDeliveries.status, 'succeeded')),
    );
    expect(await db.$count(webhookDeliveries)).toBe(delivered);
    expect(ids).toHaveLength(delivered);
    expect(accepted.filter((r) => r.event.type === 'donation.completed')).toHaveLength(1);
    expect(accepted.filter((r) => r.event.type === 'contact.received')).toHaveLength(writes);
    expect(accepted.filter((r) => r.event.type === 'membership.applied')).toHaveLength(writes);
  });
});
