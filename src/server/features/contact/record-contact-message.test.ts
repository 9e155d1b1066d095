import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/client';
import { contactMessages, jobs } from '~/db/schema';
import { createTestDatabase } from '~tests/helpers/database';
import { recordContactMessage } from './record-contact-message';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const record = (name: string, email: string) =>
  recordContactMessage(
    database.db,
    { name, email, message: 'Please call me back.' },
    'office@example.org',
    new Date(),
  );

const mailsTo = (email: string) =>
  database.db.$count(jobs, like(jobs.idempotencyKey, `mail:contact-ack:${email}:%`));

describe('a contact message', () => {
  it('is stored with its two mails, in one transaction', async () => {
    const { id } = await record('Good sender', 'good-sender@example.org');
    expect(await database.db.$count(contactMessages, eq(contactMessages.id, id))).toBe(1);
    expect(await database.db.$count(jobs, like(jobs.idempotencyKey, `mail:contact:${id}:%`))).toBe(
      1,
    );
    expect(await mailsTo('good-sender@example.org')).toBe(1);
  });

  it('that the database refuses leaves nothing of itself, not even a mail', async () => {
    const before = await database.db.$count(contactMessages);
    // PostgreSQL stores no NUL in text: the message's row cannot be written. Its acknowledgement
    // (which carries nothing the sender typed but the address) could, alone.
    await expect(record('Bad\u0000name', 'nul@example.org')).rejects.toThrow();
    expect(await database.db.$count(contactMessages)).toBe(before);
    expect(await mailsTo('nul@example.org')).toBe(0);
  });
});
