import type { Database } from '~/db/client';
import { contactMessages } from '~/db/schema';
import { enqueueMails } from '~/server/services/mail/mail-job';
import { announce } from '~/server/services/announcements/announce';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/**
 * The message, the office's notification, the sender's acknowledgement and the integrations'
 * event commit together or not at all: a message is never stored without its mails, nor mailed
 * without being stored. The acknowledgement carries nothing the visitor typed and goes to an
 * address at most once a day, so the form cannot be used to mail strangers.
 */
export async function recordContactMessage(
  db: Database,
  input: ContactMessage,
  officeEmail: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, message: input.message })
      .returning({ id: contactMessages.id });
    const data = { name: input.name, email: input.email, message: input.message };
    await enqueueMails(tx, [
      { key: `contact:${row!.id}:office`, to: officeEmail, template: 'contact-notification', data },
      {
        key: `contact-ack:${input.email.toLowerCase()}:${now.toISOString().slice(0, 10)}`,
        to: input.email,
        template: 'contact-acknowledgement',
        data: {},
      },
    ]);
    // The CRM and Zapier hear of it without the message's text (events.ts).
    await announce(tx, {
      type: 'contact.received',
      messageId: row!.id,
      name: input.name,
      email: input.email,
    });
    return row!;
  });
}
