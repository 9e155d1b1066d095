import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '~/db/client';
import { videos } from '~/db/schema';
import { createTestDatabase } from '~tests/helpers/database';
import {
  LISTENER_NAME,
  listenedVersion,
  watchContentVersion,
  type ListenerConnection,
} from './content-version';

/**
 * A stand-in for node-postgres's Client, as the listener uses it: `connect`, `query` and `end`
 * are promises the test settles, and it emits what a Client emits (`notification`, `error`,
 * `end`). A query the test has not answered stays in flight.
 */
class FakeConnection extends EventEmitter implements ListenerConnection {
  queries: { text: string; answer: () => void; fail: (error: Error) => void }[] = [];
  ended = false;
  constructor(private readonly refuse?: Error) {
    super();
  }
  connect() {
    return this.refuse ? Promise.reject(this.refuse) : Promise.resolve();
  }
  query(text: string) {
    // LISTEN is answered at once; the round trips the test answers itself.
    if (text.startsWith('LISTEN')) return Promise.resolve();
    return new Promise<void>((answer, fail) => this.queries.push({ text, answer, fail }));
  }
  async end() {
    if (this.ended) return;
    this.ended = true;
    this.emit('end');
  }
  notify() {
    this.emit('notification', { channel: 'content_versions', payload: 'public' });
  }
}

const quietLog = () => ({ warn: vi.fn(), info: vi.fn() });

function listenerOn(...connections: FakeConnection[]) {
  const opened: FakeConnection[] = [];
  const log = quietLog();
  const version = listenedVersion(
    () => {
      const next = connections.shift() ?? new FakeConnection();
      opened.push(next);
      return next;
    },
    { log, retryMs: 100, maxRetryMs: 400, heartbeatMs: 1_000, roundTripMs: 200 },
  );
  return { version, opened, log };
}

describe('the version heard on a listening connection (PostgreSQL’s way, ADR 037)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts notifications and answers a visitor’s view without waiting', async () => {
    const { version, opened } = listenerOn();
    await version.connected;
    const before = version.current();
    expect(typeof before).toBe('number');
    expect(version.current()).toBe(before);
    opened[0]!.notify();
    expect(version.current()).toBe(Number(before) + 1);
    expect(opened[0]!.queries).toEqual([]);
    await version.close();
  });

  it('gives each listener of a channel every notification on it, and tells each when unheard', async () => {
    const { version, opened } = listenerOn();
    await version.connected;
    const heard: string[] = [];
    const unheard: string[] = [];
    for (const name of ['page', 'stream']) {
      await version.listen('campaign_changes', {
        notify: (payload) => heard.push(`${name} ${payload}`),
        unheard: () => unheard.push(name),
      });
    }
    opened[0]!.emit('notification', { channel: 'campaign_changes', payload: 'c1:2' });
    expect(heard).toEqual(['page c1:2', 'stream c1:2']);
    opened[0]!.emit('error', new Error('terminating connection due to administrator command'));
    expect(unheard).toEqual(['page', 'stream']);
    await version.close();
  });

  it('gives the office’s view the version after a round trip on the listening connection', async () => {
    const { version, opened } = listenerOn();
    await version.connected;
    const connection = opened[0]!;
    const before = Number(version.current());
    const exact = version.current(true);
    await new Promise(setImmediate);
    expect(connection.queries.map((q) => q.text)).toEqual(['SELECT 1']);
    // A change committed before the view was asked for: PostgreSQL delivers its notification
    // before the round trip's answer.
    connection.notify();
    connection.queries[0]!.answer();
    expect(await exact).toBe(before + 1);
    await version.close();
  });

  it('shares one round trip among views asked together; one asked during it waits for the next', async () => {
    const { version, opened } = listenerOn();
    await version.connected;
    const connection = opened[0]!;
    const together = [version.current(true), version.current(true), version.current(true)];
    await new Promise(setImmediate);
    expect(connection.queries).toHaveLength(1);
    const later = version.current(true);
    connection.notify();
    connection.queries[0]!.answer();
    const [first] = await Promise.all(together);
    expect(await Promise.all(together)).toEqual([first, first, first]);
    // The round trip in flight may have started before a change `later` must see: it waits.
    let settled = false;
    void Promise.resolve(later).then(() => (settled = true));
    await new Promise(setImmediate);
    expect(settled).toBe(false);
    expect(connection.queries).toHaveLength(2);
    connection.notify();
    connection.queries[1]!.answer();
    expect(await later).toBe(Number(first) + 1);
    await version.close();
  });

  it('keeps nothing while the connection is lost, and listens again after a wait', async () => {
    vi.useFakeTimers();
    const { version, opened, log } = listenerOn();
    await version.connected;
    const before = Number(version.current());
    opened[0]!.emit('error', new Error('terminating connection due to administrator command'));
    // Each call a version of its own: no two views share a kept answer.
    const whileLost = [version.current(), version.current(), version.current(true)];
    expect(new Set(whileLost).size).toBe(3);
    expect(whileLost.every((v) => Number(v) > before)).toBe(true);
    expect(log.warn).toHaveBeenCalledOnce();
    expect(opened).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(100);
    expect(opened).toHaveLength(2);
    // Listening again: answers are kept again, under a version no earlier answer had.
    const back = version.current();
    expect(version.current()).toBe(back);
    expect(Number(back)).toBeGreaterThan(Math.max(...whileLost.map(Number)));
    await version.close();
  });

  it('a round trip that fails with the connection gives a version no answer was kept for', async () => {
    const { version, opened } = listenerOn();
    await version.connected;
    const before = Number(version.current());
    const exact = version.current(true);
    await new Promise(setImmediate);
    opened[0]!.queries[0]!.fail(new Error('Connection terminated unexpectedly'));
    opened[0]!.emit('end');
    expect(await exact).toBeGreaterThan(before);
    await version.close();
  });

  it('counts a connection whose round trip does not come back as lost, and makes a new one', async () => {
    vi.useFakeTimers();
    const { version, opened, log } = listenerOn();
    await version.connected;
    const before = Number(version.current());
    // The server vanished without closing the socket: the office's round trip never returns.
    const exact = version.current(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(await exact).toBeGreaterThan(before);
    expect(opened[0]!.ended).toBe(true);
    expect(log.warn).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(100);
    expect(opened).toHaveLength(2);
    expect(version.current()).toBe(version.current());
    await version.close();
  });

  it('checks an idle connection with a round trip now and then', async () => {
    vi.useFakeTimers();
    const { version, opened } = listenerOn();
    await version.connected;
    await vi.advanceTimersByTimeAsync(990);
    expect(opened[0]!.queries).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(opened[0]!.queries.map((q) => q.text)).toEqual(['SELECT 1']);
    opened[0]!.queries[0]!.answer();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(opened[0]!.queries).toHaveLength(2);
    // This one never comes back: the connection is replaced.
    await vi.advanceTimersByTimeAsync(200 + 100);
    expect(opened[0]!.ended).toBe(true);
    expect(opened).toHaveLength(2);
    await version.close();
  });

  it('tries again with a doubling wait while the database refuses, and stops once closed', async () => {
    vi.useFakeTimers();
    const refused = () => new FakeConnection(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    const { version, opened, log } = listenerOn(refused(), refused(), refused());
    await version.connected;
    expect(opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(opened).toHaveLength(3);
    expect(log.warn).toHaveBeenCalledTimes(3);
    await version.close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(opened).toHaveLength(3);
  });

  it('a connection that comes back says so once', async () => {
    vi.useFakeTimers();
    const { version, opened, log } = listenerOn(
      new FakeConnection(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
    );
    await version.connected;
    await vi.advanceTimersByTimeAsync(100);
    expect(opened).toHaveLength(2);
    expect(log.info).toHaveBeenCalledOnce();
    expect(version.current()).toBe(version.current());
    await version.close();
    expect(opened[1]!.ended).toBe(true);
  });
});

describe('the content version of a real database', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** A video published as another instance or psql would: through the pool, not the listener. */
  const publish = () =>
    database.db.insert(videos).values({
      title: 'A teaching published elsewhere',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      isPublished: true,
      publishedAt: new Date(),
    });

  it('the next exact view after a commit sees it; a visitor’s view once it is heard', async () => {
    const version = await watchContentVersion(database, quietLog());
    try {
      const before = await version.current(true);
      expect(await version.current(true)).toBe(before);
      await publish();
      const after = await version.current(true);
      expect(after).not.toBe(before);
      // The visitor's view: at once on PGlite (one process), a notification's trip on PostgreSQL.
      await expect.poll(() => version.current()).toBe(after);
    } finally {
      await version.close();
    }
  });
});

/**
 * PostgreSQL's own: a listening connection of each instance's, which the server may end (a
 * restart, a failover, an administrator). Run by `npm run test:pg`; PGlite has no connection.
 */
if (process.env.DATABASE_URL) {
  describe('the listening connection on PostgreSQL', () => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database.close());

    const listenerPids = async () => {
      const result = (await database.db.execute(
        sql`select pid from pg_stat_activity where application_name = ${LISTENER_NAME} and datname = current_database()`,
      )) as unknown as { rows: { pid: number }[] };
      return result.rows.map(({ pid }) => pid);
    };

    it('an exact view after a commit sees it, every time (a visitor’s view alone mostly would not)', async () => {
      const version = await watchContentVersion(database, quietLog());
      let missed = 0;
      for (let commit = 0; commit < 100; commit += 1) {
        const before = await version.current(true);
        // A statement on the videos bumps the version, even one that changes no row.
        await database.db.execute(sql`update videos set title = title where false`);
        if ((await version.current(true)) === before) missed += 1;
      }
      await version.close();
      expect(missed).toBe(0);
    });

    it('is named, comes back after the server ended it, and ends with the version', async () => {
      const version = await watchContentVersion(database, quietLog());
      const [pid] = await listenerPids();
      expect(pid).toBeTypeOf('number');
      const before = await version.current(true);
      await database.db.execute(sql`select pg_terminate_backend(${pid})`);
      // Lost: every view renders afresh. Then a new connection listens, and a change committed
      // while it was away counts.
      const listeningAgain = async () => {
        const pids = await listenerPids();
        return pids.length === 1 && pids[0] !== pid;
      };
      await expect.poll(listeningAgain, { timeout: 5_000 }).toBe(true);
      // The connection shows before its LISTEN is done: until then each view gets a version of
      // its own (nothing kept is trusted), so wait for two in a row to agree.
      const settled = async () => (await version.current(true)) === (await version.current(true));
      await expect.poll(settled, { timeout: 5_000 }).toBe(true);
      const back = await version.current(true);
      expect(back).not.toBe(before);
      expect(await version.current(true)).toBe(back);
      await version.close();
      await expect.poll(listenerPids).toEqual([]);
    });
  });
}
