import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, oneOf, timestamps } from './columns';
import { dedicationCheck, dedicationColumns } from './dedication-columns';
import { donors } from './donors';

import {
  donationTypes,
  offlineMethods,
  paymentMethods,
  paymentStatuses,
  wallDisplays,
} from '~/shared/domain';

/**
 * One row per charge: a one-time gift, or one monthly charge of a subscription (its invoice).
 * Money is what the provider confirmed, in the smallest unit of `currency`; `fee_cents` is the
 * part of `amount_cents` the donor added to cover the processing fee.
 */
export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Unknown until the donor fills the checkout form (the intent is created before it). */
    donorName: text('donor_name'),
    email: text('email'),
    /**
     * The person (donors): found or created from the email by a trigger on every insert path; for
     * a gift without email, the record the office chose, or a new one (migration 0023, ADR 053).
     */
    donorId: uuid('donor_id').references(() => donors.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    feeCents: integer('fee_cents').notNull().default(0),
    /** Refunded so far; a partial refund leaves the status as it was. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    donationType: text('donation_type', { enum: donationTypes }).notNull(),
    paymentMethod: text('payment_method', { enum: paymentMethods }).notNull(),
    paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull().default('pending'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    stripeInvoiceId: text('stripe_invoice_id'),
    ...dedicationColumns(),
    /** The donor's phone, when the checkout asked for it (OJC). */
    phone: text('phone'),
    /** The last four digits of the card charged, for display; never more of it. */
    cardLast4: text('card_last4'),
    /** OJC Fund's reference of the charge (src/server/features/ojc). */
    ojcReference: text('ojc_reference'),
    /** A monthly OJC gift's charge: its gift and which month it is (1 for the first). */
    ojcSubscriptionId: uuid('ojc_subscription_id'),
    ojcPeriod: integer('ojc_period'),
    /** The checkout's key: a double submit of the OJC form finds the payment it started. */
    ojcIdempotencyKey: text('ojc_idempotency_key'),
    /**
     * Set while a charge is with OJC, cleared when OJC answers: two requests cannot both charge.
     * Left set when OJC's answer never came (the outcome is unknown until the office checks).
     */
    ojcChargingSince: at('ojc_charging_since'),
    /** Charges OJC declined for this payment: a card tester is stopped after a few. */
    ojcDeclines: integer('ojc_declines').notNull().default(0),
    /**
     * `2026-000123`: the year the gift was received (in the site's time zone) and its place in
     * that year. Given by the database in the transaction that marks the gift received, online or
     * offline, without gaps and never again (migration 0019, ADR 052); kept when a gift is voided.
     */
    receiptNumber: text('receipt_number'),
    /** A gift the office received another way (`payment_method` 'offline'): how, and its papers. */
    offlineMethod: text('offline_method', { enum: offlineMethods }),
    /** The cheque's, grant's or voucher's number. */
    offlineReference: text('offline_reference'),
    /** The donor's postal address, for the receipt and the statement. */
    postalAddress: text('postal_address'),
    /** The office's own note; never shown to the donor. */
    officeNote: text('office_note'),
    /** A voided offline gift (a bounced cheque) counts for nothing and keeps its receipt number. */
    voidedAt: at('voided_at'),
    voidReason: text('void_reason'),
    ...timestamps(),
    /** When the provider confirmed the payment (an offline gift: the day received); null until then. */
    donatedAt: at('donated_at'),
    // Campaigns (ADR 054): the campaign a gift was given to (its foreign key is in
    // migration 0024; declared there to keep this file free of an import cycle), and how its
    // donor chose to be shown on the wall.
    campaignId: uuid('campaign_id'),
    wallDisplay: text('wall_display', { enum: wallDisplays }),
    // Where a campaign gift came from: the `utm_*` of the campaign page's address, as the
    // checkout carried them (src/shared/gift-referrer.ts); visitor text, cleaned and capped.
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    /** The campaign's team the gift was given through; with its campaign it references the team (migration 0029). */
    teamId: uuid('team_id'),
    /**
     * The teams whose leaders were told of this gift: each leader once, however often the gift
     * is settled again (a refund, a plan ending, an edit), and a team it moves to once too.
     */
    leaderToldTeamIds: uuid('leader_told_team_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [
    uniqueIndex('donations_ojc_idempotency_key_key').on(t.ojcIdempotencyKey),
    uniqueIndex('donations_receipt_number_key').on(t.receiptNumber),
    index('donations_offline_reference_idx').on(t.offlineMethod, t.offlineReference),
    uniqueIndex('donations_ojc_subscription_period_key').on(t.ojcSubscriptionId, t.ojcPeriod),
    index('donations_ojc_reference_idx').on(t.ojcReference),
    uniqueIndex('donations_stripe_payment_intent_id_key').on(t.stripePaymentIntentId),
    uniqueIndex('donations_stripe_invoice_id_key').on(t.stripeInvoiceId),
    index('donations_stripe_subscription_id_idx').on(t.stripeSubscriptionId),
    index('donations_created_at_idx').on(t.createdAt),
    index('donations_campaign_idx').on(t.campaignId, t.createdAt),
    index('donations_team_idx')
      .on(t.teamId)
      .where(sql`${t.teamId} is not null`),
    index('donations_email_idx').on(sql`lower(${t.email})`),
    index('donations_donor_id_idx').on(t.donorId),
    index('donations_status_created_at_idx').on(t.paymentStatus, t.createdAt),
    // The donor dashboard at a million rows (docs/benchmarks.md): stats look for older rows changed
    // since their sums were cached; the table sorts by amount (id breaks the many ties).
    index('donations_updated_at_idx').on(t.updatedAt),
    index('donations_amount_cents_id_idx').on(t.amountCents, t.id),
    // The dashboard's search, a case-insensitive substring of the name or the email (`ILIKE
    // '%…%'`), at a million rows: trigram indexes, one per column so `OR` becomes a BitmapOr of
    // two index scans (docs/decisions/030-admin-search-trigram-indexes.md; needs pg_trgm, which
    // migration 0014 creates and src/db/client.ts loads into PGlite).
    index('donations_donor_name_trgm_idx').using('gin', t.donorName.op('gin_trgm_ops')),
    index('donations_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    // A term without three letters or digits in a row has no trigram ("כץ", "zq", "50%"): the
    // letters and pairs of letters of the name and email, lowered, so such a term is an index
    // lookup too (donor_search_grams, migration 0018; ADR 030).
    index('donations_search_grams_idx').using(
      'gin',
      sql`donor_search_grams(${t.donorName}, ${t.email})`,
    ),
    check('donations_donation_type_check', oneOf(t.donationType, donationTypes)),
    check('donations_payment_method_check', oneOf(t.paymentMethod, paymentMethods)),
    check('donations_payment_status_check', oneOf(t.paymentStatus, paymentStatuses)),
    check('donations_amount_check', sql`${t.amountCents} > 0`),
    check(
      'donations_fee_check',
      sql`${t.feeCents} >= 0 and ${t.feeCents} < ${t.amountCents} and ${t.refundedCents} >= 0`,
    ),
    check('donations_dedication_check', dedicationCheck(t)),
    check(
      'donations_wall_display_check',
      sql`${t.wallDisplay} is null or ${oneOf(t.wallDisplay, wallDisplays)}`,
    ),
    check(
      'donations_utm_check',
      sql`coalesce(length(${t.utmSource}), 0) <= 100 and coalesce(length(${t.utmMedium}), 0) <= 100 and coalesce(length(${t.utmCampaign}), 0) <= 100 and coalesce(length(${t.utmContent}), 0) <= 100`,
    ),
    check('donations_card_last4_check', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
    check(
      'donations_offline_method_check',
      sql`(${t.paymentMethod} = 'offline') = (${t.offlineMethod} is not null) and (${t.offlineMethod} is null or ${oneOf(t.offlineMethod, offlineMethods)})`,
    ),
  ],
);

/** The last receipt number given in each calendar year (ADR 052). */
export const receiptSequences = pgTable('receipt_sequences', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * The one row the receipt numbering reads: the site's time zone, whose calendar year a gift's
 * number belongs to. Written by the server at start from site.config.ts.
 */
export const receiptNumbering = pgTable('receipt_numbering', {
  id: boolean('id').primaryKey().default(true),
  timeZone: text('time_zone').notNull(),
});

export type Donation = typeof donations.$inferSelect;

/** A monthly gift by card: the Stripe subscription and what the donor chose. */
export const stripeSubscriptions = pgTable(
  'stripe_subscriptions',
  {
    /** Stripe's id, `sub_…`. */
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    donorName: text('donor_name'),
    email: text('email'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    feeCents: integer('fee_cents').notNull().default(0),
    ...dedicationColumns(),
    /** Stripe's status: incomplete, active, past_due, canceled, unpaid, … */
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: at('canceled_at'),
    /**
     * `created` of the Stripe event that set the status: an older event arriving late does not
     * overwrite a newer one.
     */
    statusEventAt: at('status_event_at'),
    ...timestamps(),
  },
  (t) => [
    index('stripe_subscriptions_customer_id_idx').on(t.customerId),
    check('stripe_subscriptions_dedication_check', dedicationCheck(t)),
    index('stripe_subscriptions_email_idx').on(sql`lower(${t.email})`),
  ],
);

export type StripeSubscriptionRow = typeof stripeSubscriptions.$inferSelect;

/**
 * Each Stripe webhook event applied, written in the same transaction as its effect: a
 * redelivered event finds its id here and changes nothing.
 */
export const processedStripeEvents = pgTable('processed_stripe_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: at('processed_at').notNull().defaultNow(),
});
