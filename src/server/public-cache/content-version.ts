import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '~/db/client';

/**
 * The version of what the public pages and reads show (ADR 029). A write to the videos, the
 * approved comments or the published site content bumps it in its own transaction and sends
 * `NOTIFY content_versions` (the triggers of migration 0016 and after), so an answer kept for
 * one version is never sent once another is known.
 */
export interface ContentVersion {
  /**
   * The version as of this call. `exact`: it reflects every write committed before the call,
   * on any instance: for the view of someone who may have just made one (the office, ADR 037).
   * Otherwise a write made on another instance may be seen a notification's trip later
   * (milliseconds). A number when it is known without waiting.
   */
  current(exact?: boolean): number | Promise<number>;
  close(): Promise<void>;
}

/** What a feature hears on a channel of its own, through the instance's one listener. */
export interface ChannelListener {
  /** A notification on the channel, with its payload. */
  notify(payload: string): void;
  /** Notifications may have been missed (the connection was lost, or is back): trust nothing kept. */
  unheard(): void;
}

/**
 * The instance's listening connection, shared: the content version's channel and any other
 * feature's (the campaign feed's). One connection per instance, whatever listens on it.
 */
export interface Notifications {
  listen(channel: string, listener: ChannelListener): Promise<void>;
  /** False while the connection is lost: then nothing kept from a notification can be trusted. */
  listening(): boolean;
}

const CHANNEL = 'content_versions';
/** What `pg_stat_activity` shows for an instance's listening connection. */
export const LISTENER_NAME = 'tziyun public content listener';

/**
 * PGlite: one process owns the database, and its NOTIFY reaches this process before the writing
 * transaction's promise resolves. So a local count of notifications is exact, and a page view
 * costs no query.
 */
async function notifiedVersion(
  listen: NonNullable<DatabaseHandle['listen']>,
): Promise<ContentVersion & Notifications> {
  let generation = 0;
  const stops = [
    await listen(CHANNEL, () => {
      generation += 1;
    }),
  ];
  return {
    current: () => generation,
    async listen(channel, listener) {
      stops.push(await listen(channel, (payload) => listener.notify(payload)));
    },
    listening: () => true,
    // The database may be closed first (its owner closes it): then there is nothing to stop.
    close: async () => void (await Promise.all(stops.map((stop) => stop().catch(() => undefined)))),
  };
}

/** What the listener needs of a connection: node-postgres's `Client` has it. */
export interface ListenerConnection {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  on(
    event: 'notification',
    listener: (message?: { channel: string; payload?: string | undefined }) => void,
  ): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  end(): Promise<void>;
}

export interface ListenerOptions {
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** The wait before connecting again after the connection was lost; doubled each failure. */
  retryMs?: number;
  maxRetryMs?: number;
  /**
   * How often an idle listener checks its connection with a round trip: a server that vanished
   * without closing the socket (a failover, a cut network) sends no error, and TCP keep-alive
   * alone would notice only after minutes.
   */
  heartbeatMs?: number;
  /** A round trip not back by then counts the connection as lost. */
  roundTripMs?: number;
}

/**
 * PostgreSQL (ADR 037): a connection of this instance's own listens for the triggers'
 * notifications, and the version is a local count of them. A page view costs no query; a write
 * on another instance is seen once its notification arrives.
 *
 * The office may look at the public site right after a change, through any instance: its views
 * ask for the `exact` version. That is one round trip on the listening connection (views asking
 * while one is in flight wait for the next, `sharedRoundTrip`): PostgreSQL delivers a
 * listening session's pending notifications before it reports the session ready for the next
 * query, and a commit has signalled every listener before its writer hears it committed; so
 * once the round trip is back, every change committed before the view was asked for has been
 * counted.
 *
 * While the connection is lost (or not yet made) nothing kept can be trusted: each call gets a
 * new version, so every view renders afresh, until the connection is back and listening; a
 * change made meanwhile was never heard, so getting it back counts as one. A round trip that
 * fails or does not come back in time (the office's, or the heartbeat's when idle) ends the
 * connection, and a new one is made.
 */
export function listenedVersion(
  openConnection: () => ListenerConnection,
  {
    log,
    retryMs = 500,
    maxRetryMs = 30_000,
    heartbeatMs = 30_000,
    roundTripMs = 5_000,
  }: ListenerOptions,
): ContentVersion & Notifications & { connected: Promise<void> } {
  let generation = 0;
  /** Each channel's listeners: every one hears each notification on it. */
  const channels = new Map<string, Set<ChannelListener>>();
  const unheardByAll = () => {
    for (const listeners of channels.values()) for (const listener of listeners) listener.unheard();
  };
  let listening: ListenerConnection | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let nextRetryMs = retryMs;
  let connecting: Promise<void> = Promise.resolve();
  /** How each connection is counted lost, once: by its own events or a failed round trip. */
  const lostBy = new WeakMap<ListenerConnection, (error: Error) => void>();

  /** Counts the connection as lost and, unless closed, makes another after a wait. */
  function lose(connection: ListenerConnection | undefined, error: Error) {
    if (connection && listening === connection) listening = undefined;
    generation += 1;
    unheardByAll();
    connection?.end().catch(() => undefined);
    if (closed) return;
    log.warn(
      { err: error, retryInMs: nextRetryMs },
      'the public content listener lost its connection: every page renders afresh until it is back',
    );
    retryTimer = setTimeout(() => {
      connecting = connect();
    }, nextRetryMs);
    retryTimer.unref();
    nextRetryMs = Math.min(nextRetryMs * 2, maxRetryMs);
  }

  async function connect() {
    let connection: ListenerConnection;
    try {
      connection = openConnection();
    } catch (error) {
      // Not even a client to try with (a bad setting): said, and tried again later.
      return lose(undefined, asError(error));
    }
    let lost = false;
    const loseIt = (error: Error) => {
      if (lost) return;
      lost = true;
      lose(connection, error);
    };
    connection.on('notification', (message) => {
      if (!message || message.channel === CHANNEL) generation += 1;
      else
        for (const listener of channels.get(message.channel) ?? [])
          listener.notify(message.payload ?? '');
    });
    connection.on('error', loseIt);
    connection.on('end', () => loseIt(new Error('the connection ended')));
    lostBy.set(connection, loseIt);
    try {
      await connection.connect();
      await connection.query(`LISTEN ${CHANNEL}`);
      for (const channel of channels.keys()) await connection.query(`LISTEN ${channel}`);
    } catch (error) {
      return loseIt(asError(error));
    }
    if (lost) return;
    if (closed) return void (await connection.end().catch(() => undefined));
    // A change committed while no one listened was never heard.
    generation += 1;
    listening = connection;
    unheardByAll();
    if (nextRetryMs !== retryMs) log.info('the public content listener is listening again');
    nextRetryMs = retryMs;
  }

  // One round trip on the listening connection, started after every caller asked. A round trip
  // that fails or hangs ends the connection: the next one is made afresh.
  const sync = sharedRoundTrip(async () => {
    const connection = listening;
    if (!connection) throw new Error('the public content listener is not connected');
    try {
      await withTimeout(connection.query('SELECT 1'), roundTripMs);
    } catch (error) {
      lostBy.get(connection)?.(asError(error));
      throw error;
    }
    return connection;
  });

  const heartbeat = setInterval(() => {
    if (listening) sync().catch(() => undefined);
  }, heartbeatMs);
  heartbeat.unref();

  /** Nothing kept can be trusted: a version no answer was kept for. */
  const unheard = () => (generation += 1);

  connecting = connect();
  return {
    connected: connecting,
    async listen(channel, listener) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
      const listeners = channels.get(channel);
      if (listeners) return void listeners.add(listener);
      channels.set(channel, new Set([listener]));
      const connection = listening;
      // Not listening now: the next connection listens on every channel.
      if (!connection) return;
      try {
        await connection.query(`LISTEN ${channel}`);
      } catch (error) {
        lostBy.get(connection)?.(asError(error));
      }
    },
    listening: () => listening !== undefined,
    current(exact) {
      const connection = listening;
      if (!connection) return unheard();
      if (!exact) return generation;
      return sync().then(
        (synced) => (listening === synced ? generation : unheard()),
        () => unheard(),
      );
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      await connecting.catch(() => undefined);
      const connection = listening;
      listening = undefined;
      await connection?.end().catch(() => undefined);
    },
  };
}

/**
 * `roundTrip` shared by the callers that ask together: each caller gets a round trip that
 * started after it asked (one already in flight may predate a commit it must see), so callers
 * asking while one is in flight wait for the next, and share it. An idle call starts on the next
 * turn of the event loop, so the calls of one turn share one round trip too.
 */
export function sharedRoundTrip<T>(roundTrip: () => Promise<T>): () => Promise<T> {
  let waiting: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  let running = false;
  async function drain() {
    while (waiting.length > 0) {
      const callers = waiting;
      waiting = [];
      try {
        const value = await roundTrip();
        for (const caller of callers) caller.resolve(value);
      } catch (error) {
        for (const caller of callers) caller.reject(error);
      }
    }
    running = false;
  }
  return () =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (running) return;
      running = true;
      setImmediate(() => void drain());
    });
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** Rejects once `ms` have passed without `work` settling. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export async function watchContentVersion(
  database: DatabaseHandle,
  log: ListenerOptions['log'],
): Promise<ContentVersion & Notifications> {
  if (database.listen) return notifiedVersion(database.listen);
  if (!database.openConnection) throw new Error('this database can neither listen nor connect');
  const { openConnection } = database;
  const version = listenedVersion(() => openConnection(LISTENER_NAME), { log });
  await version.connected;
  return version;
}
