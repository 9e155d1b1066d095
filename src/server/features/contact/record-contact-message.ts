import { sql } from 'drizzle-orm';
import { insertManyTemplate } from '~/db/insert-many';
import { oneStatement } from '~/db/one-statement';
import { prepareStatement, type StatementRunner } from '~/db/prepared-statement';
import { contactMessages } from '~/db/schema';
import { enqueueMailsTemplate, type QueuedMail } from '../../mail/mail-job';
import { countedWrite, type WindowCount } from '../../plugins/rate-limit-counter';
import { announcementStatement } from '../../services/announcements/announce';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/** A message with the id its post made for it (`randomUUID()`), once, before writing it. */
export interface IdentifiedContactMessage extends ContactMessage {
  id: string;
  /** The rate-limit key its post counts against; none when its route counted it already. */
  hitKey?: string | null;
}

/**
 * Writes messages as one statement (`oneStatement`, no transaction around it): each post's
 * rate-limit hit is counted (`countedWrite`), and for each post within its limit the message,
 * the office's notification, the sender's acknowledgement and the integrations' event land
 * together or not at all, so a message is never stored without its mails, nor mailed without
 * being stored. The acknowledgement carries nothing the visitor typed and goes to an address at
 * most once a day, so the form cannot be used to mail strangers. Several messages (a batch of
 * posts, issue 20) cost one round trip in all. Writing the same messages again (a batch retried
 * whose commit may have landed, ADR 036) adds nothing: the rows, mails and events are keyed by
 * their ids (the hits are counted again: a retry makes the limit stricter, never looser).
 *
 * Answers each message's count (null where its post gave no `hitKey`) and whether it was
 * refused: over `limit.max`, and not written.
 */
export async function recordContactMessages(
  database: StatementRunner,
  rows: IdentifiedContactMessage[],
  officeEmail: string,
  now: Date,
  limit: { max: number; windowMs: number },
): Promise<{ id: string; count: WindowCount | null; refused: boolean }[]> {
  const today = now.toISOString().slice(0, 10);
  const hits = counted.values(
    rows.map(({ id, hitKey }) => ({ rowOf: id, key: hitKey ?? null, windowMs: limit.windowMs })),
    now,
    limit.max,
  );
  // The CRM and Zapier hear of it without the message's text (events.ts).
  const announced = announcements.values(
    rows.map(({ id, name, email }) => ({ type: 'contact.received', messageId: id, name, email })),
    rows.map(({ id }) => id),
  );
  const [result] = await writeMessages.run(database, {
    ...hits.values,
    ...messages.values(
      rows.map(({ id, name, email, message }) => ({ id, name, email, message, rowOf: id })),
    ),
    ...mails.values(
      rows.flatMap(({ id, name, email, message }): (QueuedMail & { rowOf: string })[] => [
        {
          key: `contact:${id}:office`,
          to: officeEmail,
          template: 'contact-notification',
          data: { name, email, message },
          rowOf: id,
        },
        {
          key: `contact-ack:${email.toLowerCase()}:${today}`,
          to: email,
          template: 'contact-acknowledgement',
          data: {},
          rowOf: id,
        },
      ]),
    ),
    ...announced.values,
  });
  const counts = hits.counts(result as Parameters<typeof hits.counts>[0]);
  return rows.map(({ id }, i) => ({ id, ...counts[i]! }));
}

const counted = countedWrite(
  'uuid',
  (id) => sql`exists (select 1 from ${contactMessages} where ${contactMessages.id} = ${id})`,
);
/** Only the messages within their post's limit are written, with their mails and events. */
const onlyAllowed = { type: 'uuid', in: counted.allowed };
const messages = insertManyTemplate(
  contactMessages,
  'message',
  ['id', 'name', 'email', 'message'],
  {
    skipConflictOn: contactMessages.id,
    rowFilter: onlyAllowed,
  },
);
const mails = enqueueMailsTemplate('mail', { rowFilter: onlyAllowed });
const announcements = announcementStatement(onlyAllowed);
const writeMessages = prepareStatement(
  'contact_messages_write',
  oneStatement(
    [
      ...counted.parts,
      ['messages', messages.query],
      ['mails', mails.query],
      ...announcements.parts,
    ],
    sql`select ${counted.result}, ${announcements.result}`,
  ),
);
