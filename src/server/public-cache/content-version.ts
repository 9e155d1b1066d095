import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '~/db/client';
import { contentVersions } from '~/db/schema';
import { batchWhileBusy, succeeded } from '../lib/batch-while-busy';

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
 * commit it must see). That is the app's group commit (batch-while-busy.ts, ADR 036): under load
 * one read in flight, and the requests arriving meanwhile wait for the next, which starts as it
 * ends; an idle instance's read starts on the next turn of the event loop, so the requests
 * already received share it too.
 */
export function readVersion(database: DatabaseHandle): ContentVersion {
  const statement = database.db
    .select({ version: contentVersions.version })
    .from(contentVersions)
    .where(eq(contentVersions.name, 'public'))
    .prepare('public_content_version');
  const read = batchWhileBusy(async (callers: null[]) => {
    const [row] = await statement.execute();
    return callers.map(() => succeeded(row?.version ?? 0));
  }, Number.MAX_SAFE_INTEGER);
  return {
    current: () => read(null),
    close: async () => {},
  };
}

export async function watchContentVersion(database: DatabaseHandle): Promise<ContentVersion> {
  return database.driver === 'pglite' && database.listen
    ? notifiedVersion(database.listen)
    : readVersion(database);
}
