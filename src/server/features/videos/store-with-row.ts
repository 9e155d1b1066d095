import type { Database } from '~/db/client';
import type { DatabaseTransaction } from '~/db/client';
import type { MediaStore, ReceivedFile } from '~/server/services/media';

/**
 * Writes a row and keeps its new files together: the files get their final names inside the
 * transaction, so a failed rename rolls the row back, and a failed commit removes the files.
 * Files the change replaced (`released`) are removed only after the commit: until then the old
 * row still points at them.
 */
export async function commitWithFiles<T>(
  db: Database,
  store: MediaStore,
  incoming: ReceivedFile[],
  work: (tx: DatabaseTransaction) => Promise<{ result: T; released: (string | null)[] }>,
  onCleanupError: (error: unknown) => void,
): Promise<T> {
  let outcome: { result: T; released: (string | null)[] };
  try {
    outcome = await db.transaction(async (tx) => {
      const done = await work(tx);
      for (const file of incoming) await store.keep(file);
      return done;
    });
  } catch (error) {
    await store.remove([...incoming, ...incoming.map((file) => file.name)]);
    throw error;
  }
  // The change is made; a file left behind costs disk space, not correctness.
  await store.remove(outcome.released).catch(onCleanupError);
  return outcome.result;
}
