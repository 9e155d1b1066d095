import type { DatabaseExecutor } from '~/db/client';
import { insertMany } from '~/db/insert-many';
import { contactMessages } from '~/db/schema';
import { enqueueMails } from '../../mail/mail-job';
import { announceAll } from '../../services/announcements/announce';

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
 * Writes messages in the caller's transaction: each message, the office's notification, the
 * sender's acknowledgement and the integrations' event commit together or not at all, so a
 * message is never stored without its mails, nor mailed without being stored. The
 * acknowledgement carries nothing the visitor typed and goes to an address at most once a day,
 * so the form cannot be used to mail strangers. Several messages (a batch of posts, issue 20)
 * cost one statement per table. Writing the same messages again (a batch retried whose commit
 * may have landed, ADR 036) adds nothing: the rows, mails and events are keyed by their ids.
 */
export async function recordContactMessages(
  tx: DatabaseExecutor,
  rows: IdentifiedContactMessage[],
  officeEmail: string,
  now: Date,
): Promise<{ id: string }[]> {
  await insertMany(
    tx,
    contactMessages,
    rows.map(({ id, name, email, message }) => ({ id, name, email, message })),
    { skipConflictOn: contactMessages.id },
  );
  const today = now.toISOString().slice(0, 10);
  await enqueueMails(
    tx,
    rows.flatMap(({ id, ...data }) => [
      { key: `contact:${id}:office`, to: officeEmail, template: 'contact-notification', data },
      {
        key: `contact-ack:${data.email.toLowerCase()}:${today}`,
        to: data.email,
        template: 'contact-acknowledgement',
        data: {},
      },
    ]),
  );
  // The CRM and Zapier hear of it without the message's text (events.ts).
  await announceAll(
    tx,
    rows.map(({ id, name, email }) => ({ type: 'contact.received', messageId: id, name, email })),
  );
  return rows.map(({ id }) => ({ id }));
}
