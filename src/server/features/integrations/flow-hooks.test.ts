import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverEvent, drainOutbox, setUpStripeTestApp } from '~tests/helpers/stripe';
import { startWebhookReceiver, type WebhookReceiver } from '~tests/helpers/webhook-receiver';
import { addVideo, buildMediaTestApp } from '~/server/services/media/media-test-kit';
import { readEndpoint, saveEndpointUrl } from './webhook-endpoint';

/**
 * The payment flows announce their events where they happen: a card gift recorded from Stripe
 * reaches the Zap as donation.completed (and a monthly one as subscription.started), and
 * Stripe's cancellation of a monthly gift as subscription.cancelled; a comment as
 * comment.submitted.
 */
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const t = setUpStripeTestApp({ WEBHOOK_ALLOW_LOOPBACK: 'true' });

async function connectZap() {
  await saveEndpointUrl(t.app.database.db, receiver.url, new Date());
  receiver.trust((await readEndpoint(t.app.database.db))!.secret!);
}

const eventTypes = () => receiver.received.map((r) => r.event.type);

describe('payment events reach the integrations', () => {
  it('a one-time card gift, recorded from Stripe: donation.completed with Stripe’s amount', async () => {
    await connectZap();
    const pi = await t.startCheckout({ amount: 36, name: 'Dina Roth', email: 'dina@example.org' });
    t.standIn.pay(pi.id);
    const res = await t.recordDonation({ stripePaymentId: pi.id, amount: 1 });
    expect(res.statusCode, res.body).toBe(200);
    await drainOutbox(t.app);
    const completed = receiver.received.find((r) => r.event.type === 'donation.completed');
    expect(completed?.verifiedWith.length).toBeGreaterThan(0);
    expect(JSON.stringify(completed?.event)).toContain('dina@example.org');
    expect(JSON.stringify(completed?.event)).toContain('3600');
  });

  it('a monthly card gift starts, then Stripe cancels it: subscription.started, then .cancelled', async () => {
    receiver.received.length = 0;
    const { pi, subscriptionId } = await t.startMonthly({
      amount: 18,
      name: 'Eli Gold',
      email: 'eli@example.org',
    });
    t.standIn.pay(pi.id);
    await deliverEvent(
      t.app,
      t.standIn.event('payment_intent.succeeded', t.standIn.paymentIntent(pi.id)),
    );
    await t.recordDonation({ stripePaymentId: pi.id });
    await drainOutbox(t.app);
    expect(eventTypes()).toEqual(
      expect.arrayContaining(['donation.completed', 'subscription.started']),
    );

    const deleted = await deliverEvent(
      t.app,
      t.standIn.event(
        'customer.subscription.deleted',
        t.standIn.cancelSubscription(subscriptionId),
      ),
    );
    expect(deleted.statusCode).toBe(200);
    await drainOutbox(t.app);
    expect(eventTypes()).toContain('subscription.cancelled');
  });
});

describe('a comment reaches the integrations', () => {
  let videoApp: Awaited<ReturnType<typeof buildMediaTestApp>>;
  beforeAll(async () => {
    videoApp = await buildMediaTestApp({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
  });
  afterAll(() => videoApp.close());

  it('as comment.submitted, without its text', async () => {
    receiver.received.length = 0;
    await saveEndpointUrl(videoApp.database.db, receiver.url, new Date());
    receiver.trust((await readEndpoint(videoApp.database.db))!.secret!);
    const video = await addVideo(videoApp, { title: 'A teaching', isPublished: true });
    const res = await videoApp.inject({
      method: 'POST',
      url: `/api/videos/${video.id}/comments`,
      payload: { authorName: 'Chana', authorEmail: 'chana@example.org', comment: 'Private words' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await drainOutbox(videoApp);
    const event = receiver.received.find((r) => r.event.type === 'comment.submitted');
    expect(event?.event.data).toMatchObject({ videoId: video.id, authorName: 'Chana' });
    expect(event?.body).not.toContain('Private words');
  });
});
