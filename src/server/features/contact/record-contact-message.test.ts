import { randomUUID } from 'node:crypto';
import { inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/client';
import type { StatementRunner } from '~/db/prepared-statement';
import { contactMessages, jobs } from '~/db/schema';
import { createTestDatabase } from '../../../../tests/helpers/database';
import { batchRetryingAlone } from '../../lib/batch-while-busy';
import { recordContactMessages, type IdentifiedContactMessage } from './record-contact-message';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The database, whose first statement lands and then reports the connection lost. */
function losingFirstReply(runner: StatementRunner): StatementRunner {
  let statements = 0;
  return {
    async runPrepared(...args) {
      const rows = await runner.runPrepared(...args);
      statements += 1;
      if (statements === 1) throw new Error('Connection terminated unexpectedly');
      return rows;
    },
  };
}

/** As the route writes them: a batch of the posts that came while one statement ran. */
function batchedRecorder(db: StatementRunner) {
  return batchRetryingAlone(
    (messages: IdentifiedContactMessage[]) =>
      recordContactMessages(db, messages, 'office@example.org', new Date()),
    100,
  );
}

const ackCount = (email: string) =>
  database.db.$count(jobs, like(jobs.idempotencyKey, `mail:contact-ack:${email}:%`));

describe('contact messages written in a batch', () => {
  it('a batch retried after its commit reply was lost stores and mails each message once', async () => {
    const record = batchedRecorder(losingFirstReply(database));
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

  it('a message the database refuses fails alone and leaves nothing of itself, not even a mail', async () => {
    const record = batchedRecorder(database);
    const good = {
      id: randomUUID(),
      name: 'Good sender',
      email: 'good-sender@example.org',
      message: 'Thank you.',
    };
    // PostgreSQL stores no NUL in text: the message's row cannot be written. Its acknowledgement
    // (which carries nothing the sender typed but the address) could, alone.
    const refused = { ...good, id: randomUUID(), name: 'Bad\u0000name', email: 'nul@example.org' };
    const [stored, failed] = await Promise.allSettled([record(good), record(refused)]);
    expect(stored).toEqual({ status: 'fulfilled', value: { id: good.id } });
    expect(failed.status).toBe('rejected');
    const ids = [good.id, refused.id];
    const rows = await database.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(inArray(contactMessages.id, ids));
    expect(rows).toEqual([{ id: good.id }]);
    expect(await ackCount('good-sender@example.org')).toBe(1);
    expect(await ackCount('nul@example.org')).toBe(0);
    expect(await database.db.$count(jobs, like(jobs.idempotencyKey, `%${refused.id}%`))).toBe(0);
  });
});
