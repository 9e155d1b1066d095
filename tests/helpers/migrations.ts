import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '~/db/client';
import { migrationsDir } from '~/server/lib/paths';

/**
 * A new database migrated as the site was before migration `idx`, for a test of what that
 * migration does to the rows it finds: the test writes them, then calls `migrateRest`.
 */
export async function databaseBeforeMigration(idx: number) {
  const before = await mkdtemp(join(tmpdir(), 'migrations-'));
  await cp(migrationsDir, before, { recursive: true });
  const journalPath = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < idx);
  await writeFile(journalPath, JSON.stringify(journal));
  const database: DatabaseHandle = await openDatabase({});
  await database.migrate(before);
  return {
    database,
    /** Applies the migrations from `idx` on, as the site does when it is updated. */
    migrateRest: () => database.migrate(migrationsDir),
    close: async () => {
      await database.close();
      await rm(before, { recursive: true, force: true });
    },
  };
}
