import { sql } from 'drizzle-orm';
import { insertManyTemplate } from '~/db/insert-many';
import { oneStatement } from '~/db/one-statement';
import { prepareStatement, type StatementRunner } from '~/db/prepared-statement';
import { contactMessages } from '~/db/schema';
import { enqueueMailsTemplate } from '../../mail/mail-job';
import {
  announcementParts,
  announcementResult,
  announcementValues,
} from '../../services/announcements/announce';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/** A message with the id its post made for it (`randomUUID()`), once, before writing it. */
export interface IdentifiedContactMessage extends ContactMessage {
  id: string;
}

/**
 * Writes messages as one statement (`oneStatement`, no transaction around it): each message, the
 * office's notification, the sender's acknowledgement and the integrations' event land together
 * or not at all, so a message is never stored without its mails, nor mailed without being
 * stored. The acknowledgement carries nothing the visitor typed and goes to an address at most
 * once a day, so the form cannot be used to mail strangers. Several messages (a batch of posts,
 * issue 20) cost one round trip in all. Writing the same messages again (a batch retried whose
 * commit may have landed, ADR 036) adds nothing: the rows, mails and events are keyed by their
 * ids.
 */
export async function recordContactMessages(
  database: StatementRunner,
  rows: IdentifiedContactMessage[],
  officeEmail: string,
  now: Date,
): Promise<{ id: string }[]> {
  const today = now.toISOString().slice(0, 10);
  // The CRM and Zapier hear of it without the message's text (events.ts).
  const announcements = announcementValues(
    rows.map(({ id, name, email }) => ({ type: 'contact.received', messageId: id, name, email })),
  );
  await writeMessages.run(database, {
    ...messages.values(rows.map(({ id, name, email, message }) => ({ id, name, email, message }))),
    ...mails.values(
      rows.flatMap(({ id, ...data }) => [
        { key: `contact:${id}:office`, to: officeEmail, template: 'contact-notification', data },
        {
          key: `contact-ack:${data.email.toLowerCase()}:${today}`,
          to: data.email,
          template: 'contact-acknowledgement',
          data: {},
        },
      ]),
    ),
    ...announcements.values,
  });
  return rows.map(({ id }) => ({ id }));
}

const messages = insertManyTemplate(
  contactMessages,
  'message',
  ['id', 'name', 'email', 'message'],
  {
    skipConflictOn: contactMessages.id,
  },
);
const mails = enqueueMailsTemplate('mail');
const writeMessages = prepareStatement(
  'contact_messages_write',
  oneStatement(
    [['messages', messages.query], ['mails', mails.query], ...announcementParts],
    sql`select ${announcementResult}`,
  ),
);
