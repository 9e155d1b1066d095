import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, type AdminSession } from '~tests/helpers/admin';
import { buildTestApp } from '~tests/helpers/app';
import { giveByCard, liveCampaign } from '~tests/helpers/campaigns';
import { openEventStream } from '~tests/helpers/event-stream';
import { setUpStripeTestApp } from '~tests/helpers/stripe';

/**
 * `GET /api/campaigns/:slug/events` on a listening server (app.inject cannot hold a stream): the
 * snapshot on connect and after each change, on both databases.
 */
const t = setUpStripeTestApp({ CAMPAIGN_STREAMS_MAX: '3' });
let admin: AdminSession;
let base: string;
beforeAll(async () => {
  admin = await signIn(t.app, { username: 'feed-office' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

const publish = (app: typeof t.app, session: AdminSession, changes: Record<string, unknown> = {}) =>
  liveCampaign(app, session, { matchers: [{ name: 'Matcher', ratio: 1, cap: 1_000 }], ...changes });
const give = (slug: string, amount: number) => giveByCard(t, slug, amount, { wall: 'full' });

const json = (data: string) =>
  JSON.parse(data) as { raised: number; version: number; state: string };

describe('the campaign event stream', () => {
  it('sends the snapshot on connect with its id and a retry hint, then each gift', async () => {
    const campaign = await publish(t.app, admin);
    const stream = await openEventStream(`${base}/api/campaigns/${campaign.slug}/events`);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['cache-control']).toContain('no-cache');
    const first = await stream.next();
    expect(stream.raw()).toMatch(/^retry: \d+\n\n/);
    const snapshot = json(first.data);
    expect(snapshot).toMatchObject({ slug: campaign.slug, raised: 0, state: 'live' });
    expect(first.id).toBe(`${snapshot.version}-live`);

    await give(campaign.slug, 36);
    const second = json((await stream.next()).data);
    expect(second.raised).toBeGreaterThanOrEqual(36);
    expect(second.version).toBeGreaterThan(snapshot.version);
    stream.close();
  });

  it('does not send a reconnect the snapshot its Last-Event-ID already names', async () => {
    const campaign = await publish(t.app, admin);
    const url = `${base}/api/campaigns/${campaign.slug}/events`;
    const first = await openEventStream(url);
    const { id } = await first.next();
    first.close();
    const again = await openEventStream(url, { 'last-event-id': id! });
    await expect(again.next(400)).rejects.toThrow('no event came');
    await give(campaign.slug, 18);
    expect(json((await again.next()).data).raised).toBeGreaterThanOrEqual(18);
    again.close();
  });

  it('coalesces a burst of gifts: fewer messages than gifts, the last one with every gift', async () => {
    const campaign = await publish(t.app, admin);
    const stream = await openEventStream(`${base}/api/campaigns/${campaign.slug}/events`);
    await stream.next();
    await Promise.all([1, 2, 3, 4, 5, 6].map(() => give(campaign.slug, 10)));
    await expect
      .poll(() => stream.events.at(-1) && json(stream.events.at(-1)!.data).raised)
      .toBe(60);
    expect(stream.events.length - 1).toBeLessThan(6);
    stream.close();
  });

  it('is fresh for the next read on the instance that recorded the gift, without a notification wait', async () => {
    const campaign = await publish(t.app, admin);
    const read = async () =>
      (await t.app.inject(`/api/campaigns/${campaign.slug}`)).json() as { raised: number };
    expect((await read()).raised).toBe(0);
    for (let i = 1; i <= 5; i++) {
      await give(campaign.slug, 10);
      expect((await read()).raised).toBe(10 * i);
    }
  });

  it('pushes the state in time when the campaign starts, with no gift', async () => {
    const campaign = await publish(t.app, admin, {
      startsAt: new Date(t.app.clock().getTime() + 1_500).toISOString(),
    });
    const stream = await openEventStream(`${base}/api/campaigns/${campaign.slug}/events`);
    expect(json((await stream.next()).data).state).toBe('before');
    const started = await stream.next(5_000);
    expect(json(started.data).state).toBe('live');
    expect(started.id).toMatch(/-live$/);
    stream.close();
  });

  it('refuses a stream beyond the cap with 503 and Retry-After (the page polls), and 404 for no campaign', async () => {
    const campaign = await publish(t.app, admin);
    const url = `${base}/api/campaigns/${campaign.slug}/events`;
    const open = [
      await openEventStream(url),
      await openEventStream(url),
      await openEventStream(url),
    ];
    await Promise.all(open.map((s) => s.next()));
    const refused = await openEventStream(url);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await refused.ended;
    // A closed stream frees its place.
    open.pop()!.close();
    await expect.poll(async () => (await openEventStream(url)).status).toBe(200);
    for (const s of open) s.close();
    const none = await openEventStream(`${base}/api/campaigns/no-such-campaign/events`);
    expect(none.status).toBe(404);
  });
});

describe('closing the server', () => {
  it('ends open streams, and app.close does not wait for their readers', async () => {
    const app = await buildTestApp();
    const session = await signIn(app, { username: 'feed-closer' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const campaign = await publish(app, session);
    const streams = await Promise.all(
      [1, 2].map(() =>
        openEventStream(`http://127.0.0.1:${port}/api/campaigns/${campaign.slug}/events`),
      ),
    );
    await Promise.all(streams.map((s) => s.next()));
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    await Promise.all(streams.map((s) => s.ended));
  });
});
