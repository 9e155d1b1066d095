import type { FastifyInstance } from 'fastify';
import { placeOf } from '~/server/lib/campaign-times';
import { createSnapshotStore, type SnapshotStore } from './snapshot-store';

/**
 * Keyed by the instance's notifications, which every plugin context of one app shares (each
 * context is an object of its own: keyed by it, the stream and the page would each keep a store).
 */
const stores = new WeakMap<FastifyInstance['notifications'], Promise<SnapshotStore>>();

/** The app's one snapshot store: the API, its event stream and the campaign page read the same. */
export function campaignSnapshotsOf(app: FastifyInstance): Promise<SnapshotStore> {
  let store = stores.get(app.notifications);
  if (!store) {
    store = createSnapshotStore(
      app.database.db,
      app.clock,
      app.notifications,
      placeOf(app.siteConfig),
    );
    stores.set(app.notifications, store);
  }
  return store;
}
