import { randomUUID } from 'node:crypto';
import { inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '~/db/client';
import { contactMessages, jobs } from '~/db/schema';
import { createTestDatabase } from '../../../../tests/helpers/database';
import { batchedTransactions } from '../../lib/batched-transactions';
import { recordContactMessages, type IdentifiedContactMessage } from './record-contact-message';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The database, whose first transaction commits and then reports the connection lost. */
function losingFirstCommitReply(db: Database) {
  let transactions = 0;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return async (...args: Parameters<Database['transaction']>) => {
        const result = await target.transaction(...args);
        transactions += 1;
        if (transactions === 1) throw new Error('Connection terminated unexpectedly');
        return result;
      };
    },
  });
}

describe('contact messages written in a batch', () => {
  it('a batch retried after its commit reply was lost stores and mails each message once', async () => {
    const db = losingFirstCommitReply(database.db);
    const record = batchedTransactions(db, (tx, messages: IdentifiedContactMessage[]) =>
      recordContactMessages(tx, messages, 'office@example.org', new Date()),
    );
    const messages = ['a', 'b', 'c'].map((who) => ({
      id: randomUUID(),
      name: `Retry ${who}`,
      email: `retry-${who}@example.org`,
      message: 'Please call me back.',
    }));
    const answers = await Promise.all(messages.map((message) => record(message)));
    expect(answers).toEqual(messages.map(({ id }) => ({ id })));
    const ids = messages.map(({ id }) => id);
    expect(await database.db.$count(contactMessages, inArray(contactMessages.id, ids))).toBe(3);
    const office = await database.db
      .select({ key: jobs.idempotencyKey })
      .from(jobs)
      .where(like(jobs.idempotencyKey, 'mail:contact:%:office'));
    expect(office.filter(({ key }) => ids.some((id) => key.includes(id)))).toHaveLength(3);
    const acks = await database.db.$count(
      jobs,
      like(jobs.idempotencyKey, 'mail:contact-ack:retry-%'),
    );
    expect(acks).toBe(3);
  });
});
