import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '~/db/client';
import { contentVersions } from '~/db/schema';

/**
 * The version of what the public pages and reads show (ADR 029). A write to the videos or the
 * approved comments bumps it in its own transaction (the triggers of migration 0016), so an
 * answer kept for one version is never sent once another is committed.
 */
export interface ContentVersion {
  /**
   * The version as of this call: it reflects every write committed before it. A number when it
   * is known without asking the database.
   */
  current(): number | Promise<number>;
  close(): Promise<void>;
}

/**
 * PGlite: one process owns the database, and its NOTIFY (sent by the triggers) reaches this
 * process before the writing transaction's promise resolves. So a local count of notifications
 * is exact, and a page view costs no query.
 */
async function notifiedVersion(
  listen: NonNullable<DatabaseHandle['listen']>,
): Promise<ContentVersion> {
  let generation = 0;
  const stop = await listen('content_versions', () => {
    generation += 1;
  });
  return {
    current: () => generation,
    // The database may be closed first (its owner closes it): then there is nothing to stop.
    close: () => stop().catch(() => undefined),
  };
}

/**
 * PostgreSQL: other instances write too, and a notification could arrive after the next request.
 * So every request reads the version row, but requests arriving together share one read: a
 * caller gets the result of a read that STARTED after it asked (the one in flight may predate a
 * commit it must see), so under load there is at most one read in flight and one waiting, each
 * serving every request that arrived meanwhile.
 */
function readVersion(database: DatabaseHandle): ContentVersion {
  const statement = database.db
    .select({ version: contentVersions.version })
    .from(contentVersions)
    .where(eq(contentVersions.name, 'public'))
    .prepare('public_content_version');
  let running: Promise<number> | undefined;
  let waiting: Promise<number> | undefined;
  const start = () => {
    const read = statement.execute().then((rows) => rows[0]?.version ?? 0);
    running = read;
    const settled = () => {
      if (running === read) running = undefined;
    };
    read.then(settled, settled);
    return read;
  };
  return {
    current() {
      if (!running) return start();
      waiting ??= running
        .catch(() => undefined)
        .then(() => {
          waiting = undefined;
          return start();
        });
      return waiting;
    },
    close: async () => {},
  };
}

export async function watchContentVersion(database: DatabaseHandle): Promise<ContentVersion> {
  return database.driver === 'pglite' && database.listen
    ? notifiedVersion(database.listen)
    : readVersion(database);
}
