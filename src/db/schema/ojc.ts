import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ojcGiftStatuses } from '~/shared/domain';
import { at, oneOf, timestamps } from './columns';
import { dedicationCheck, dedicationColumns } from './dedication-columns';

/**
 * A monthly gift by OJC Fund charity card: OJC has no subscriptions, so the site charges the
 * card again each month (docs/decisions/009-ojc-monthly-gifts.md). Each charge is a donation row
 * (`donations.ojc_subscription_id`, `ojc_period`). The card number is kept sealed (AES-256-GCM)
 * only while the gift is active, and wiped when it is canceled or fails.
 */
export const ojcSubscriptions = pgTable(
  'ojc_subscriptions',
  {
    /** Made by the app before the insert: the sealed card is bound to it. */
    id: uuid('id').primaryKey(),
    donorName: text('donor_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** What each month charges, fee included; `fee_cents` is the part covering the fee. */
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    ...dedicationColumns(),
    /** `v1.<key id>.<iv>.<ciphertext>.<tag>`; null once the gift has ended. */
    cardSealed: text('card_sealed'),
    cardLast4: text('card_last4').notNull(),
    /** MMYY, as OJC takes it. */
    cardExpiry: text('card_expiry').notNull(),
    status: text('status', { enum: ojcGiftStatuses }).notNull().default('active'),
    /** The first charge: every later one is due the same day of a later month. */
    startedAt: at('started_at').notNull(),
    /** How many months have been charged (or tried, when OJC never answered). */
    periodsCharged: integer('periods_charged').notNull().default(1),
    nextChargeAt: at('next_charge_at'),
    canceledAt: at('canceled_at'),
    failedAt: at('failed_at'),
    ...timestamps(),
  },
  (t) => [
    index('ojc_subscriptions_email_idx').on(sql`lower(${t.email})`),
    check('ojc_subscriptions_status_check', oneOf(t.status, ojcGiftStatuses)),
    check('ojc_subscriptions_amount_check', sql`${t.amountCents} > 0`),
    check(
      'ojc_subscriptions_fee_check',
      sql`${t.feeCents} >= 0 and ${t.feeCents} < ${t.amountCents}`,
    ),
    check('ojc_subscriptions_card_check', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
    check(
      'ojc_subscriptions_card_kept_check',
      sql`${t.status} <> 'active' or ${t.cardSealed} is not null`,
    ),
    check('ojc_subscriptions_dedication_check', dedicationCheck(t)),
  ],
);

export type OjcSubscription = typeof ojcSubscriptions.$inferSelect;
