import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignRow } from '~/db/schema';
import type { CampaignSnapshot } from '~/shared/schemas/campaigns';
import { createLiveFeed, type LiveFeedOptions } from './live-feed';
import type { KeptSnapshot, SnapshotStore } from './snapshot-store';

/** A reader's side of a stream, as the feed uses it: what was written, and how much is unsent. */
class FakeResponse {
  written: (string | Buffer)[] = [];
  writableLength = 0;
  destroyed = false;
  ended = false;
  private onClose: (() => void)[] = [];
  writeHead() {
    return this;
  }
  write(chunk: string | Buffer) {
    this.written.push(chunk);
    return true;
  }
  end() {
    this.ended = true;
    this.close();
  }
  destroy() {
    this.destroyed = true;
    this.close();
  }
  on(_event: 'close', listener: () => void) {
    this.onClose.push(listener);
  }
  private close() {
    for (const listener of this.onClose.splice(0)) listener();
  }
  get messages() {
    return this.written.map(String).filter((m) => m.startsWith('id: '));
  }
}

const campaign = {
  id: '00000000-0000-4000-8000-000000000001',
  startsAt: new Date('2026-12-01T00:00:00Z'),
  endsAt: new Date('2026-12-02T00:00:00Z'),
  openUntil: null,
  pauseForShabbat: false,
} as unknown as CampaignRow;

const keptAt = (version: number): KeptSnapshot => ({
  campaign,
  version,
  state: 'live',
  etag: `"v${version}"`,
  eventId: `${version}-live`,
  snapshot: { slug: 'day', version, raised: version } as unknown as CampaignSnapshot,
});

/** A store whose changes and builds the test drives. */
function fakeStore() {
  const changeListeners: ((slug: string) => void)[] = [];
  const builtListeners: ((slug: string, kept: KeptSnapshot | null) => void)[] = [];
  let version = 1;
  const store: SnapshotStore & { change(): void; reads: number } = {
    reads: 0,
    read: vi.fn(async () => {
      store.reads += 1;
      const kept = keptAt(version);
      for (const listener of builtListeners) listener('day', kept);
      return kept;
    }),
    onChange: (listener) => void changeListeners.push(listener),
    onBuilt: (listener) => void builtListeners.push(listener),
    change() {
      version += 1;
      for (const listener of changeListeners) listener('day');
    },
  };
  return store;
}

const options = (overrides: Partial<LiveFeedOptions> = {}): LiveFeedOptions => ({
  maxStreams: 10,
  coalesceMs: 500,
  heartbeatMs: 25_000,
  place: {} as LiveFeedOptions['place'],
  clock: () => new Date('2026-12-01T12:00:00Z'),
  log: { warn: vi.fn(), error: vi.fn() },
  ...overrides,
});

const asResponse = (r: FakeResponse) => r as unknown as ServerResponse;

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] }));
afterEach(() => vi.useRealTimers());

describe('the live feed', () => {
  it('writes one serialisation of each change to every stream, at most one rebuild per window', async () => {
    const store = fakeStore();
    const feed = createLiveFeed(store, options());
    const readers = [new FakeResponse(), new FakeResponse()];
    for (const r of readers) feed.open('day', keptAt(1), asResponse(r));
    expect(readers.map((r) => r.messages.length)).toEqual([1, 1]);

    // The first change after a quiet spell is rebuilt at once; the burst after it waits.
    store.change();
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 0; i < 5; i++) store.change();
    await vi.advanceTimersByTimeAsync(499);
    expect(store.reads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.reads).toBe(2);
    expect(readers[0]!.messages).toHaveLength(3);
    expect(readers[0]!.messages.at(-1)).toContain('"version":7');
    // The very same buffer went to both readers.
    expect(readers[0]!.written.at(-1)).toBe(readers[1]!.written.at(-1));
    feed.close();
  });

  it('writes to a crowd a slice at a time, letting other work run in between', async () => {
    const store = fakeStore();
    const feed = createLiveFeed(store, options({ maxStreams: 1_000 }));
    const readers = Array.from({ length: 600 }, () => new FakeResponse());
    for (const r of readers) feed.open('day', keptAt(1), asResponse(r));
    store.change();
    await vi.advanceTimersByTimeAsync(0);
    const reached = () => readers.filter((r) => r.messages.length === 2).length;
    // Whole slices of 250, not all at once.
    expect(reached()).toBeLessThan(600);
    expect(reached() % 250).toBe(0);
    for (let i = 0; i < 3; i++) await new Promise((done) => setImmediate(done));
    expect(reached()).toBe(600);
    feed.close();
  });

  it('drops a reader whose unsent data passed the bound, and keeps the others', async () => {
    const store = fakeStore();
    const feed = createLiveFeed(store, options({ maxBufferedBytes: 1_000 }));
    const slow = new FakeResponse();
    const quick = new FakeResponse();
    feed.open('day', keptAt(1), asResponse(slow));
    feed.open('day', keptAt(1), asResponse(quick));
    slow.writableLength = 1_001;
    store.change();
    await vi.advanceTimersByTimeAsync(0);
    expect(slow.destroyed).toBe(true);
    expect(quick.messages).toHaveLength(2);
    expect(feed.stats()).toEqual({ open: 1, dropped: 1 });
    feed.close();
  });

  it('sends a heartbeat comment to quiet streams', async () => {
    const feed = createLiveFeed(fakeStore(), options({ heartbeatMs: 25_000 }));
    const reader = new FakeResponse();
    feed.open('day', keptAt(1), asResponse(reader));
    await vi.advanceTimersByTimeAsync(25_000);
    expect(reader.written.at(-1)).toBe(':\n\n');
    feed.close();
  });

  it('has room up to its cap, and a closed stream frees its place', () => {
    const feed = createLiveFeed(fakeStore(), options({ maxStreams: 1 }));
    const reader = new FakeResponse();
    expect(feed.hasRoom()).toBe(true);
    feed.open('day', keptAt(1), asResponse(reader));
    expect(feed.hasRoom()).toBe(false);
    reader.destroy();
    expect(feed.hasRoom()).toBe(true);
    feed.close();
  });

  it('rebuilds at the campaign’s end, though nothing else changed', async () => {
    const store = fakeStore();
    const now = new Date('2026-12-01T23:59:59Z');
    const feed = createLiveFeed(store, options({ clock: () => new Date(Date.now()) }));
    vi.setSystemTime(now);
    feed.open('day', keptAt(1), asResponse(new FakeResponse()));
    await vi.advanceTimersByTimeAsync(999);
    expect(store.reads).toBe(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(store.reads).toBe(1);
    feed.close();
  });

  it('ends every stream when closed', () => {
    const feed = createLiveFeed(fakeStore(), options());
    const readers = [new FakeResponse(), new FakeResponse()];
    for (const r of readers) feed.open('day', keptAt(1), asResponse(r));
    feed.close();
    expect(readers.every((r) => r.ended)).toBe(true);
    expect(feed.stats().open).toBe(0);
  });
});
