import type { contactMessages } from '~/db/schema';

/** A contact message as the admin API shows it. */
export const serializeMessage = (row: typeof contactMessages.$inferSelect) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});
