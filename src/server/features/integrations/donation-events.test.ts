import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, webhookDeliveries } from '~/db/schema';
import { buildTestApp, type TestApp } from '~tests/helpers/app';
import { startGhlStandIn, type GhlStandIn } from '~tests/helpers/ghl-stand-in';
import { drainJobs, ghlTestEnv } from '~tests/helpers/integrations';
import { startWebhookReceiver, type WebhookReceiver } from '~tests/helpers/webhook-receiver';
import { announce } from '~/server/services/announcements/announce';
import {
  announceCompletedCharge,
  announceGiftCancelled,
} from '~/server/services/announcements/donation-events';
import { readEndpoint, saveEndpointUrl } from './webhook-endpoint';

/**
 * The events of the flows built elsewhere (card and OJC gifts, comments), announced the way
 * their code will: `announceCompletedCharge` where a receipt is queued, `announceGiftCancelled`
 * where a monthly gift ends, `announce(tx, {type: 'comment.submitted', …})` for a comment.
 */
let standIn: GhlStandIn;
let receiver: WebhookReceiver;
let app: TestApp;
beforeAll(async () => {
  standIn = await startGhlStandIn();
  receiver = await startWebhookReceiver();
  app = await buildTestApp({ ...ghlTestEnv(standIn), WEBHOOK_ALLOW_LOOPBACK: 'true' });
  await saveEndpointUrl(app.database.db, receiver.url, new Date());
  receiver.trust((await readEndpoint(app.database.db))!.secret!);
});
afterAll(async () => {
  await app.close();
  await standIn.close();
  await receiver.close();
});
beforeEach(async () => {
  receiver.received.length = 0;
  standIn.requests.length = 0;
  standIn.contacts.clear();
  await app.database.db.delete(webhookDeliveries);
  await app.database.db.delete(jobs);
});

const inTx = (fn: Parameters<TestApp['database']['db']['transaction']>[0]) =>
  app.database.db.transaction(fn);

function charge(overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    donorName: 'Shira Klein',
    email: 'shira@example.org',
    amountCents: 18000,
    currency: 'usd',
    donationType: 'onetime' as const,
    paymentMethod: 'stripe' as const,
    paymentStatus: 'succeeded' as const,
    stripeSubscriptionId: null,
    ojcSubscriptionId: null,
    donatedAt: new Date('2030-02-01T12:00:00Z'),
    ...overrides,
  };
}

const received = () => receiver.accepted().map((r) => r.event.type);

describe('announceCompletedCharge', () => {
  it('a one-time gift: donation.completed, in dollars and cents, without the dedication', async () => {
    await inTx((tx) => announceCompletedCharge(tx, charge()));
    await drainJobs(app);
    expect(received()).toEqual(['donation.completed']);
    const [hit] = receiver.accepted();
    expect(hit!.verifiedWith).toHaveLength(1);
    expect(hit!.event).toMatchObject({
      timestamp: '2030-02-01T12:00:00.000Z',
      data: {
        name: 'Shira Klein',
        email: 'shira@example.org',
        amountCents: 18000,
        amount: 180,
        currency: 'usd',
        donationType: 'onetime',
        paymentMethod: 'stripe',
      },
    });
    expect(Object.keys(hit!.event.data)).not.toContain('dedication');
    expect(standIn.byEmail('shira@example.org')!.tags).toEqual(['donor']);
  });

  it('each month of a card gift completes; the gift starts once', async () => {
    const sub = 'sub_monthly_1';
    const monthly = { donationType: 'subscription', stripeSubscriptionId: sub };
    await inTx((tx) => announceCompletedCharge(tx, charge(monthly)));
    await inTx((tx) => announceCompletedCharge(tx, charge(monthly)));
    await drainJobs(app);
    expect(received().sort()).toEqual([
      'donation.completed',
      'donation.completed',
      'subscription.started',
    ]);
    const started = receiver.accepted().find((r) => r.event.type === 'subscription.started')!;
    expect(started.event.data).toMatchObject({ subscriptionId: sub, paymentMethod: 'stripe' });
    expect(standIn.byEmail('shira@example.org')!.tags).toEqual(['donor', 'monthly-donor']);
  });

  it('an OJC monthly gift starts by its gift id', async () => {
    const gift = randomUUID();
    await inTx((tx) =>
      announceCompletedCharge(
        tx,
        charge({ donationType: 'subscription', paymentMethod: 'ojc', ojcSubscriptionId: gift }),
      ),
    );
    await drainJobs(app);
    const started = receiver.accepted().find((r) => r.event.type === 'subscription.started')!;
    expect(started.event.data).toMatchObject({ subscriptionId: gift, paymentMethod: 'ojc' });
  });

  it('announces nothing before the payment succeeded or without an email', async () => {
    await inTx((tx) => announceCompletedCharge(tx, charge({ paymentStatus: 'pending' })));
    await inTx((tx) => announceCompletedCharge(tx, charge({ email: null })));
    expect(await app.database.db.select().from(jobs)).toEqual([]);
  });
});

describe('announceGiftCancelled and comments', () => {
  it('a cancelled gift takes monthly-donor off and tells the Zap', async () => {
    standIn.seed({ email: 'leaving@example.org', tags: ['donor', 'monthly-donor'] });
    const gift = {
      id: 'sub_leaving',
      donorName: 'Leaving Donor',
      email: 'leaving@example.org',
      amountCents: 3600,
      currency: 'usd',
    };
    await inTx((tx) => announceGiftCancelled(tx, gift, 'stripe'));
    await inTx((tx) => announceGiftCancelled(tx, { ...gift, id: 'sub_x', email: null }, 'stripe'));
    await drainJobs(app);
    expect(received()).toEqual(['subscription.cancelled']);
    expect(standIn.byEmail('leaving@example.org')!.tags).toEqual(['donor']);
  });

  it('a comment reaches the Zap without its text, and not the CRM', async () => {
    const commentId = randomUUID();
    await inTx((tx) =>
      announce(tx, {
        type: 'comment.submitted',
        commentId,
        videoId: randomUUID(),
        authorName: 'Viewer One',
        authorEmail: 'viewer@example.org',
      }),
    );
    await drainJobs(app);
    expect(receiver.accepted()[0]!.event).toMatchObject({
      type: 'comment.submitted',
      data: { commentId, authorName: 'Viewer One', authorEmail: 'viewer@example.org' },
    });
    expect(standIn.requests.filter((r) => r.path === '/contacts/upsert')).toEqual([]);
  });
});
