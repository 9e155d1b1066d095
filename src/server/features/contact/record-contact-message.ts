import type { Database } from '~/db/client';
import { contactMessages } from '~/db/schema';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

export async function recordContactMessage(db: Database, input: ContactMessage) {
  const [row] = await db
    .insert(contactMessages)
    .values({ name: input.name, email: input.email, message: input.message })
    .returning({ id: contactMessages.id });
  return row!;
}
