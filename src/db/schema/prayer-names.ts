import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { prayerIntentionValues } from '../../shared/schemas/prayer-names';
import { members } from './members';

/** Why a name is prayed for: refuah shleimah, shidduch, parnassah, children, success, other. */
export const prayerIntentions = prayerIntentionValues;
export type PrayerIntention = (typeof prayerIntentions)[number];

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A name a member gives for the Rabbi's prayers. Private (health, family): shown to the member
 * and the admins only, never sent to the integrations nor logged, deleted when the member asks.
 */
export const prayerNames = pgTable(
  'prayer_names',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    hebrewName: text('hebrew_name').notNull(),
    motherHebrewName: text('mother_hebrew_name').notNull(),
    englishName: text('english_name'),
    intention: text('intention', { enum: prayerIntentions }).notNull(),
    /** Only with the intention 'other'. */
    note: text('note'),
    /** Given or renewed: the name lapses some weeks after this unless renewed again. */
    renewedAt: at('renewed_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('prayer_names_member_id_idx').on(t.memberId),
    check(
      'prayer_names_intention_check',
      sql`${t.intention} in (${sql.raw(prayerIntentions.map((s) => `'${s}'`).join(', '))})`,
    ),
  ],
);

export type PrayerName = typeof prayerNames.$inferSelect;

/**
 * A magic link a member asked for to reach their names: the signed token carries the link's id
 * and a random nonce, of which only the SHA-256 is kept. It works once, before `expires_at`.
 */
export const prayerLinks = pgTable(
  'prayer_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    nonceHash: text('nonce_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('prayer_links_nonce_hash_key').on(t.nonceHash)],
);
