import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '~tests/helpers/admin';
import { setUpTwoInstances } from '~tests/helpers/two-instances';
import { liveCampaign } from '~tests/helpers/campaigns';
import { openEventStream } from '~tests/helpers/event-stream';
import { deliverEvent, stripeTestEnv } from '~tests/helpers/stripe';
import { startStripeStandIn, type StripeStandIn } from '~tests/helpers/stripe-stand-in';

/**
 * Two app instances on one database, as behind a load balancer (ADR 056): a gift recorded on A
 * (its webhook answered there) reaches the viewers holding B's event stream, by the `pg_notify`
 * sent in the gift's transaction and heard on B's one listening connection (PGlite: both
 * instances share the one in-process database and its notifications).
 */
let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
// Registered before the instances' own: after-hooks run last first, so this closes after them.
afterAll(() => standIn?.close());

const instances = setUpTwoInstances(() => stripeTestEnv(standIn));
let bBase: string;
beforeAll(async () => {
  await instances.b.listen({ port: 0, host: '127.0.0.1' });
  bBase = `http://127.0.0.1:${(instances.b.server.address() as AddressInfo).port}`;
});

describe('a gift on one instance', () => {
  it('reaches the event stream held on the other, and its next reads', async () => {
    const admin = await signIn(instances.a, { username: 'two-instance-office' });
    await liveCampaign(instances.a, admin, {
      slug: 'two-instance-day',
      title: 'Two instances',
      goal: 5_000,
      matchers: [{ name: 'Matcher', ratio: 1, cap: 500 }],
    });

    const stream = await openEventStream(`${bBase}/api/campaigns/two-instance-day/events`);
    expect(stream.status).toBe(200);
    expect(JSON.parse((await stream.next()).data)).toMatchObject({ raised: 0 });

    for (const amount of [50, 25]) {
      const setUp = await instances.a.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: {
          amount,
          campaign: 'two-instance-day',
          wall: 'full',
          name: 'Leah Stern',
          email: 'leah@example.com',
        },
      });
      expect(setUp.statusCode, setUp.body).toBe(200);
      const pi = standIn.intentOfClientSecret(setUp.json().clientSecret);
      const paid = await deliverEvent(
        instances.a,
        standIn.event('payment_intent.succeeded', standIn.pay(pi.id)),
      );
      expect(paid.statusCode, paid.body).toBe(200);
      const raised = amount === 50 ? 50 : 75;
      // Within the coalescing window and a notification's trip.
      await expect
        .poll(() => stream.events.some((e) => JSON.parse(e.data).raised === raised), {
          timeout: 5_000,
        })
        .toBe(true);
    }
    expect(JSON.parse(stream.events.at(-1)!.data)).toMatchObject({
      raised: 75,
      matched: 75,
      wall: [expect.objectContaining({ name: 'Leah Stern', amount: 25 }), expect.anything()],
    });
    await expect
      .poll(async () => (await instances.b.inject('/api/campaigns/two-instance-day')).json().raised)
      .toBe(75);
    stream.close();
  });
});
