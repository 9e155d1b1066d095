import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '~/db/schema';
import { placeOf } from '~/server/lib/campaign-times';
import type { ChannelListener, Notifications } from '~/server/public-cache';
import { buildTestApp } from '~tests/helpers/app';
import { touchCampaign } from './settle-gift';
import { createSnapshotStore, type SnapshotStore } from './snapshot-store';

/**
 * The store without the notifications it is usually told by: what makes a read fresh on the
 * instance that wrote, before (or without) the notification's trip, and what a heard change does.
 */
type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
let app: TestApp;
let heard: ChannelListener | undefined;
let store: SnapshotStore;
let campaignId: string;

/** Notifications that never arrive unless the test delivers them. */
const silent: Notifications = {
  async listen(_channel, listener) {
    heard = listener;
  },
  listening: () => true,
};

beforeAll(async () => {
  app = await buildTestApp();
  const [row] = await app.database.db
    .insert(campaigns)
    .values({
      slug: 'store-day',
      title: 'Store day',
      goalCents: 100_000,
      startsAt: new Date(Date.now() - 3_600_000),
      endsAt: new Date(Date.now() + 3_600_000),
      pauseForShabbat: false,
      status: 'published',
    })
    .returning({ id: campaigns.id });
  campaignId = row!.id;
  store = await createSnapshotStore(
    app.database.db,
    () => new Date(),
    silent,
    placeOf(app.siteConfig),
  );
});
afterAll(() => app?.close());

const version = async () => (await store.read('store-day'))!.version;

describe('the snapshot store', () => {
  it('keeps the snapshot: reads ask nothing while no change is known', async () => {
    const first = await store.read('store-day');
    expect(await store.read('store-day')).toBe(first);
  });

  it('is fresh after a change this process committed, though no notification came', async () => {
    const before = await version();
    await app.database.db.transaction((tx) => touchCampaign(tx, campaignId));
    expect(await version()).toBe(before + 1);
  });

  it('builds again when a change is heard (another instance’s)', async () => {
    const before = await version();
    // Another instance's write: the row moves, and only the notification says so.
    await app.database.db.update(campaigns).set({ version: before + 5 });
    expect(await version()).toBe(before);
    heard!.notify(`${campaignId}:${before + 5}`);
    expect(await version()).toBe(before + 5);
  });

  it('trusts nothing kept once notifications may have been missed', async () => {
    const before = await version();
    await app.database.db.update(campaigns).set({ version: before + 1 });
    heard!.unheard();
    expect(await version()).toBe(before + 1);
  });

  it('does not show a change that was rolled back, and does not wait for it', async () => {
    const before = await version();
    await app.database.db
      .transaction(async (tx) => {
        await touchCampaign(tx, campaignId);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await version()).toBe(before);
    // Last here: until its note expires, the rolled-back version makes each read build again.
  });
});
