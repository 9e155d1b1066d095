import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ojcSubscriptions } from './ojc';
import { membershipApplications } from './public-forms';
import { memberStatuses } from '~/shared/domain';
import { at, oneOf, timestamps } from './columns';

/** Where a membership stands (docs/decisions/013-members-and-prayer-names.md). */

/**
 * One row per /join application: pending until the first monthly payment of the subscription
 * its link set up succeeds, active while it is paid, lapsed while a renewal is overdue,
 * cancelled when the subscription ends. The subscription that pays it is a Stripe one
 * (`stripe_subscription_id`) or an OJC monthly gift (`ojc_subscription_id`, known once the first
 * charge went through; until then `ojc_payment_id` names the checkout's pending payment).
 */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => membershipApplications.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** A tier id of site.config.ts. */
    tier: text('tier').notNull(),
    status: text('status', { enum: memberStatuses }).notNull().default('pending'),
    monthlyAmountCents: integer('monthly_amount_cents').notNull(),
    memberSince: at('member_since'),
    nextRenewalAt: at('next_renewal_at'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    ojcPaymentId: uuid('ojc_payment_id'),
    ojcSubscriptionId: uuid('ojc_subscription_id').references(() => ojcSubscriptions.id),
    cancelledAt: at('cancelled_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('members_application_id_key').on(t.applicationId),
    uniqueIndex('members_stripe_subscription_id_key').on(t.stripeSubscriptionId),
    uniqueIndex('members_ojc_payment_id_key').on(t.ojcPaymentId),
    uniqueIndex('members_ojc_subscription_id_key').on(t.ojcSubscriptionId),
    index('members_status_tier_idx').on(t.status, t.tier),
    index('members_email_idx').on(sql`lower(${t.email})`),
    check('members_status_check', oneOf(t.status, memberStatuses)),
    check('members_amount_check', sql`${t.monthlyAmountCents} > 0`),
  ],
);

export type Member = typeof members.$inferSelect;
