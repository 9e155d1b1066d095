import type { FastifyInstance } from 'fastify';
import { placeOf } from '~/server/lib/campaign-times';
import { createSnapshotStore, type SnapshotStore } from './snapshot-store';

const stores = new WeakMap<FastifyInstance, Promise<SnapshotStore>>();

/** The app's one snapshot store: the API, its event stream and the campaign page read the same. */
export function campaignSnapshotsOf(app: FastifyInstance): Promise<SnapshotStore> {
  let store = stores.get(app);
  if (!store) {
    store = createSnapshotStore(
      app.database.db,
      app.clock,
      app.notifications,
      placeOf(app.siteConfig),
    );
    stores.set(app, store);
  }
  return store;
}
