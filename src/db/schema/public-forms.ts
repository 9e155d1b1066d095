import { sql } from 'drizzle-orm';
import { applicationStatuses, messageStatuses, subscriberStatuses } from '~/shared/domain';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: messageStatuses }).notNull().default('new'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed: one row per address. */
    email: text('email').notNull(),
    status: text('status', { enum: subscriberStatuses }).notNull().default('pending'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** Random tokens for the confirmation and unsubscribe links (not secrets of value). */
    confirmToken: text('confirm_token').notNull(),
    unsubscribeToken: text('unsubscribe_token').notNull(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(t.email),
    uniqueIndex('newsletter_subscribers_confirm_token_key').on(t.confirmToken),
    uniqueIndex('newsletter_subscribers_unsubscribe_token_key').on(t.unsubscribeToken),
  ],
);

export const membershipApplications = pgTable(
  'membership_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    tier: text('tier').notNull(),
    prayerIntentions: text('prayer_intentions'),
    message: text('message'),
    status: text('status', { enum: applicationStatuses }).notNull().default('new'),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('membership_applications_created_at_idx').on(t.createdAt),
    index('membership_applications_email_idx').on(sql`lower(${t.email})`),
  ],
);
