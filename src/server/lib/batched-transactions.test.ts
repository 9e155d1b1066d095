import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle, DatabaseTransaction } from '~/db/client';
import { contactMessages } from '~/db/schema';
import { createTestDatabase } from '../../../tests/helpers/database';
import { batchedTransactions } from './batched-transactions';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The database, counting the transactions begun on it. */
function watched(db: Database) {
  const calls = { transactions: 0 };
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return (...args: Parameters<Database['transaction']>) => {
        calls.transactions += 1;
        return target.transaction(...args);
      };
    },
  });
  return { db: proxy, calls };
}

/** Stores each name as a contact message; a null name is refused by the database itself. */
async function storeNames(tx: DatabaseTransaction, names: (string | null)[]) {
  const rows = await tx
    .insert(contactMessages)
    .values(
      names.map((name) => ({ name: name as string, email: 'batch@example.org', message: 'm' })),
    )
    .returning({ id: contactMessages.id, name: contactMessages.name });
  return rows.map((row) => row.name);
}

async function storedNames(names: string[]) {
  const rows = await database.db
    .select({ name: contactMessages.name })
    .from(contactMessages)
    .where(inArray(contactMessages.name, names));
  return rows.map((row) => row.name).sort();
}

const settle = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ stored: value }),
    (error: Error) => ({ refused: error.message.length > 0 }),
  );

describe('batched transactions', () => {
  it('writes a lone item in a transaction of its own', async () => {
    const { db, calls } = watched(database.db);
    const write = batchedTransactions(db, storeNames);
    expect(await write('alone')).toBe('alone');
    expect(calls.transactions).toBe(1);
    expect(await storedNames(['alone'])).toEqual(['alone']);
  });

  it('writes items that arrive together in one transaction, each answered with its own result', async () => {
    const { db, calls } = watched(database.db);
    const write = batchedTransactions(db, storeNames);
    const names = Array.from({ length: 30 }, (_, i) => `together-${i}`);
    expect(await Promise.all(names.map((name) => write(name)))).toEqual(names);
    expect(calls.transactions).toBe(1);
    expect(await storedNames(names)).toEqual([...names].sort());
  });

  it('keeps at most maxBatch items in one transaction', async () => {
    const { db, calls } = watched(database.db);
    const write = batchedTransactions(db, storeNames, 4);
    const names = Array.from({ length: 10 }, (_, i) => `bounded-${i}`);
    await Promise.all(names.map((name) => write(name)));
    expect(calls.transactions).toBe(3);
  });

  it('gathers what arrives while a transaction commits into the next one', async () => {
    const { db, calls } = watched(database.db);
    const write = batchedTransactions(db, storeNames);
    const first = write('first-alone');
    await new Promise(setImmediate);
    const rest = ['next-a', 'next-b', 'next-c'].map((name) => write(name));
    expect(await Promise.all([first, ...rest])).toEqual([
      'first-alone',
      'next-a',
      'next-b',
      'next-c',
    ]);
    expect(calls.transactions).toBe(2);
  });

  it('writes a failed batch again item by item: only the refused item fails, the rest are stored', async () => {
    const write = batchedTransactions(database.db, storeNames);
    const outcomes = await Promise.all(
      ['fine-1', null, 'fine-2'].map((name) => settle(write(name))),
    );
    expect(outcomes).toEqual([{ stored: 'fine-1' }, { refused: true }, { stored: 'fine-2' }]);
    // Nothing of the failed batch was kept twice.
    expect(await storedNames(['fine-1', 'fine-2'])).toEqual(['fine-1', 'fine-2']);
  });

  it('goes on after a failure', async () => {
    const write = batchedTransactions(database.db, storeNames);
    expect(await settle(write(null))).toEqual({ refused: true });
    expect(await write('after-failure')).toBe('after-failure');
  });
});
