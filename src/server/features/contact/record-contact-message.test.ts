import { randomUUID } from 'node:crypto';
import { inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/client';
import type { StatementRunner } from '~/db/prepared-statement';
import { contactMessages, integrations, jobs, webhookDeliveries } from '~/db/schema';
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
function batchedRecorder(db: StatementRunner, max = 2) {
  return batchRetryingAlone(
    (messages: IdentifiedContactMessage[]) =>
      recordContactMessages(db, messages, 'office@example.org', new Date(), {
        max,
        windowMs: 60_000,
      }),
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
    expect(answers).toEqual(messages.map(({ id }) => ({ id, count: null, refused: false })));
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
    expect(stored).toEqual({
      status: 'fulfilled',
      value: { id: good.id, count: null, refused: false },
    });
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

  it('counts each post in the same statement and writes only those within the limit', async () => {
    const record = batchedRecorder(database);
    const key = `POST /api/contact|198.51.100.${Math.floor(Math.random() * 200)}`;
    const posts = [1, 2, 3, 4].map((n) => ({
      id: randomUUID(),
      name: `Counted ${n}`,
      email: `counted-${n}@example.org`,
      message: 'Within the limit?',
      hitKey: key,
    }));
    // Another visitor's post in the same batch counts on its own; one without a key is free.
    const other = { ...posts[0]!, id: randomUUID(), hitKey: `${key}0`, email: 'other@example.org' };
    const free = { ...posts[0]!, id: randomUUID(), hitKey: null, email: 'free@example.org' };
    const answers = await Promise.all([...posts, other, free].map((post) => record(post)));
    expect(answers.map(({ count }) => count?.hits ?? null)).toEqual([1, 2, 3, 4, 1, null]);
    expect(answers.map(({ refused }) => refused)).toEqual([false, false, true, true, false, false]);
    expect(answers.every(({ count }) => count === null || count.ttlMs === 60_000)).toBe(true);

    const written = await database.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(
        inArray(
          contactMessages.id,
          answers.map(({ id }) => id),
        ),
      );
    expect(written.map(({ id }) => id).sort()).toEqual(
      [posts[0]!.id, posts[1]!.id, other.id, free.id].sort(),
    );
    // Nothing of a refused post: no notification, no acknowledgement, no event.
    for (const refused of [posts[2]!, posts[3]!]) {
      expect(await database.db.$count(jobs, like(jobs.idempotencyKey, `%${refused.id}%`))).toBe(0);
      expect(await ackCount(refused.email)).toBe(0);
    }
    expect(await ackCount('counted-1@example.org')).toBe(1);
    expect(await ackCount('free@example.org')).toBe(1);
  });

  it('a post written within its limit whose reply was lost is not refused when retried', async () => {
    // The retry counts the batch's hits again (3 posts, limit 3: 4 to 6), but each message was
    // written within its limit the first time: it is answered as written, not refused.
    const record = batchedRecorder(losingFirstReply(database), 3);
    const key = `POST /api/contact|198.51.100.${200 + Math.floor(Math.random() * 50)}`;
    const posts = [1, 2, 3].map((n) => ({
      id: randomUUID(),
      name: `Retried ${n}`,
      email: `retried-${n}@example.org`,
      message: 'Did it arrive?',
      hitKey: key,
    }));
    const answers = await Promise.all(posts.map((post) => record(post)));
    expect(answers.map(({ refused }) => refused)).toEqual([false, false, false]);
    expect(answers.map(({ count }) => count!.hits)).toEqual([4, 5, 6]);
    const ids = posts.map(({ id }) => id);
    expect(await database.db.$count(contactMessages, inArray(contactMessages.id, ids))).toBe(3);
  });

  it('announces only the posts within their limit, to the CRM and to Zapier', async () => {
    await database.db.insert(integrations).values([
      { id: 'ghl', enabled: true, url: 'https://services.leadconnectorhq.com' },
      {
        id: 'zapier',
        enabled: true,
        url: 'https://hooks.zapier.com/hooks/catch/1/a',
        secret: 'whsec_dGVzdA==',
      },
    ]);
    try {
      const record = batchedRecorder(database, 1);
      const key = `POST /api/contact|198.51.100.${Math.floor(Math.random() * 200)}`;
      const [kept, refused] = [1, 2].map((n) => ({
        id: randomUUID(),
        name: `Announced ${n}`,
        email: `announced-${n}@example.org`,
        message: 'Tell the CRM?',
        hitKey: key,
      }));
      const answers = await Promise.all([kept!, refused!].map((post) => record(post)));
      expect(answers.map((answer) => answer.refused)).toEqual([false, true]);
      const events = (id: string) => `contact.received:${id}`;
      const deliveries = await database.db
        .select({ eventKey: webhookDeliveries.eventKey, status: webhookDeliveries.status })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.eventKey, [events(kept!.id), events(refused!.id)]));
      expect(deliveries).toEqual([{ eventKey: events(kept!.id), status: 'pending' }]);
      const jobKeys = await database.db
        .select({ key: jobs.idempotencyKey })
        .from(jobs)
        .where(
          inArray(jobs.idempotencyKey, [
            `ghl:${events(kept!.id)}`,
            `zapier:${events(kept!.id)}`,
            `ghl:${events(refused!.id)}`,
            `zapier:${events(refused!.id)}`,
          ]),
        );
      expect(jobKeys.map(({ key }) => key).sort()).toEqual(
        [`ghl:${events(kept!.id)}`, `zapier:${events(kept!.id)}`].sort(),
      );
    } finally {
      await database.db.delete(integrations);
    }
  });
});
