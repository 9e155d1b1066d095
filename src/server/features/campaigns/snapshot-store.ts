import { and, eq, ne } from 'drizzle-orm';
import { campaigns, type CampaignRow } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { CampaignSnapshot } from '~/shared/schemas/campaigns';
import { sharedRoundTrip, type Notifications } from '~/server/public-cache';
import type { Place } from '~/server/lib/campaign-times';
import { buildSnapshot, stateOf } from './snapshot';
import { CAMPAIGN_CHANNEL, parseCampaignChange, unseenLocalChange } from './local-changes';

export interface KeptSnapshot {
  campaign: CampaignRow;
  /** The campaign row's version the snapshot was built from. */
  version: number;
  state: CampaignSnapshot['state'];
  etag: string;
  /** The event stream's `id:`: the version and the state in time, which moves without a gift. */
  eventId: string;
  snapshot: CampaignSnapshot;
}

interface Entry extends KeptSnapshot {
  /** The campaign's count of changes heard when the build started. */
  changesAtBuild: number;
}

export interface SnapshotStore {
  /** The published campaign's snapshot, fresh as of the call; null for no such campaign. */
  read(slug: string): Promise<KeptSnapshot | null>;
  /** Called with a campaign's slug when a change to it is heard (every slug when unheard). */
  onChange(listener: (slug: string) => void): void;
  /** Called after each build, with what it built. */
  onBuilt(listener: (slug: string, kept: KeptSnapshot | null) => void): void;
}

/**
 * Each published campaign's snapshot, kept in memory and rebuilt only after a change. A read asks
 * the database nothing while the snapshot is fresh: a change is heard by notification
 * (`touchCampaign`'s `pg_notify`, on PostgreSQL through the instance's one listening
 * connection, on PGlite before the writing transaction's promise resolves), and a change this
 * process wrote counts at once (local-changes.ts), so the next read after a gift on this
 * instance is fresh. A read of a stale snapshot waits for a build started after it asked (one
 * in flight may predate the change), shared by every read asking meanwhile.
 */
export async function createSnapshotStore(
  db: DatabaseExecutor,
  clock: () => Date,
  notifications: Notifications,
  place: Place,
): Promise<SnapshotStore> {
  const kept = new Map<string, Entry>();
  const slugOf = new Map<string, string>();
  /** Changes heard, per slug: a snapshot built before the latest is stale. */
  const changes = new Map<string, number>();
  const builds = new Map<string, () => Promise<Entry | null>>();
  const changeListeners: ((slug: string) => void)[] = [];
  const builtListeners: ((slug: string, kept: KeptSnapshot | null) => void)[] = [];

  function changed(slug: string) {
    changes.set(slug, (changes.get(slug) ?? 0) + 1);
    for (const listener of changeListeners) listener(slug);
  }

  await notifications.listen(CAMPAIGN_CHANNEL, {
    notify(payload) {
      const change = parseCampaignChange(payload);
      const slug = change && slugOf.get(change.campaignId);
      if (slug) changed(slug);
    },
    unheard() {
      for (const slug of kept.keys()) changed(slug);
    },
  });

  async function build(slug: string): Promise<Entry | null> {
    const changesAtBuild = changes.get(slug) ?? 0;
    const [campaign] = await db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.slug, slug), ne(campaigns.status, 'draft')));
    if (!campaign) {
      kept.delete(slug);
      return null;
    }
    slugOf.set(campaign.id, slug);
    const now = clock();
    const state = stateOf(campaign, place, now);
    const snapshot = await buildSnapshot(db, campaign, now, place);
    const entry: Entry = {
      campaign,
      version: campaign.version,
      state,
      etag: `"${campaign.id.slice(0, 8)}-${campaign.version}-${state}"`,
      eventId: `${campaign.version}-${state}`,
      snapshot,
      changesAtBuild,
    };
    kept.set(slug, entry);
    return entry;
  }

  function sharedBuild(slug: string) {
    let shared = builds.get(slug);
    if (!shared) {
      shared = sharedRoundTrip(async () => {
        try {
          const entry = await build(slug);
          // No such campaign: nothing is kept for the slug, so asking for many costs no memory.
          if (!entry) builds.delete(slug);
          for (const listener of builtListeners) listener(slug, entry);
          return entry;
        } catch (error) {
          kept.delete(slug);
          throw error;
        }
      });
      builds.set(slug, shared);
    }
    return shared();
  }

  function fresh(entry: Entry, slug: string) {
    return (
      notifications.listening() &&
      entry.changesAtBuild === (changes.get(slug) ?? 0) &&
      unseenLocalChange(entry.campaign.id, entry.version) === undefined &&
      entry.state === stateOf(entry.campaign, place, clock())
    );
  }

  return {
    async read(slug) {
      const entry = kept.get(slug);
      if (entry && fresh(entry, slug)) return entry;
      return sharedBuild(slug);
    },
    onChange: (listener) => void changeListeners.push(listener),
    onBuilt: (listener) => void builtListeners.push(listener),
  };
}
