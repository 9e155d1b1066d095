import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { prayerIntentionValues, prayerRelationValues } from '~/shared/domain';
import { adminUsers } from './admin';
import { at, oneOf, timestamps } from './columns';
import { members } from './members';

/**
 * Whose names these are: a member's (`member_id`), or, where site.config.ts lets donors give
 * names, a donor's, known by the lower-cased email of their gifts (`donor_email`). Exactly one.
 */
const ownerCheck = (memberId: unknown, donorEmail: unknown) =>
  sql`(${memberId} is null) <> (${donorEmail} is null)`;

/**
 * A name given for the Rabbi's prayers. Private (health, family): shown to its giver and the
 * admins only, never sent to the integrations nor logged, deleted when the giver asks.
 */
export const prayerNames = pgTable(
  'prayer_names',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    donorEmail: text('donor_email'),
    hebrewName: text('hebrew_name').notNull(),
    /** 'ben' (son of) or 'bat' (daughter of): how the name is read with the mother's. */
    relation: text('relation', { enum: prayerRelationValues }).notNull().default('ben'),
    motherHebrewName: text('mother_hebrew_name').notNull(),
    englishName: text('english_name'),
    intention: text('intention', { enum: prayerIntentionValues }).notNull(),
    /** Only with the intention 'other'. */
    note: text('note'),
    /** Given or renewed: the name lapses some weeks after this unless renewed again. */
    renewedAt: at('renewed_at').notNull(),
    ...timestamps(),
  },
  (t) => [
    index('prayer_names_member_id_idx').on(t.memberId),
    index('prayer_names_donor_email_idx').on(t.donorEmail),
    index('prayer_names_renewed_at_idx').on(t.renewedAt),
    check('prayer_names_intention_check', oneOf(t.intention, prayerIntentionValues)),
    check('prayer_names_relation_check', oneOf(t.relation, prayerRelationValues)),
    check('prayer_names_owner_check', ownerCheck(t.memberId, t.donorEmail)),
  ],
);

export type PrayerName = typeof prayerNames.$inferSelect;

/**
 * A magic link someone asked for to reach their names: the signed token carries the link's id
 * and a random nonce, of which only the SHA-256 is kept. It works once, before `expires_at`.
 */
export const prayerLinks = pgTable(
  'prayer_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    donorEmail: text('donor_email'),
    nonceHash: text('nonce_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prayer_links_nonce_hash_key').on(t.nonceHash),
    check('prayer_links_owner_check', ownerCheck(t.memberId, t.donorEmail)),
  ],
);

/**
 * The office's record that a week's list was read at the tziyun: one per week (its Sunday), with
 * the day it was read and that day's Hebrew date as the givers' emails told it.
 */
export const prayerReadings = pgTable(
  'prayer_readings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    prayedOn: date('prayed_on', { mode: 'string' }).notNull(),
    hebrewDate: text('hebrew_date').notNull(),
    nameCount: integer('name_count').notNull(),
    markedBy: uuid('marked_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('prayer_readings_week_start_key').on(t.weekStart)],
);

/** Which names a reading read: the list as it was printed. Deleting a name removes it here too. */
export const prayerReadingNames = pgTable(
  'prayer_reading_names',
  {
    readingId: uuid('reading_id')
      .notNull()
      .references(() => prayerReadings.id, { onDelete: 'cascade' }),
    prayerNameId: uuid('prayer_name_id')
      .notNull()
      .references(() => prayerNames.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.readingId, t.prayerNameId] }),
    index('prayer_reading_names_name_idx').on(t.prayerNameId),
  ],
);
