import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { pledgeStatuses } from '~/shared/domain';
import { at, oneOf, timestamps } from './columns';
import { donations } from './donations';

/**
 * A donor's promise to give (src/server/features/pledges). Never money: nothing that sums gifts
 * reads this table. Paid, it names the gift it became (`paid_donation_id`, an offline gift with
 * its receipt number). A part paid is a paid row of its own (`part_of_pledge_id`), and the
 * pledge stays open for the rest.
 */
export const pledges = pgTable(
  'pledges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donorName: text('donor_name').notNull(),
    email: text('email'),
    postalAddress: text('postal_address'),
    amountCents: integer('amount_cents').notNull(),
    /** The day the donor expects to give, in the site's calendar. */
    expectedOn: date('expected_on', { mode: 'string' }).notNull(),
    /** Free text until campaigns exist. */
    campaign: text('campaign'),
    note: text('note'),
    status: text('status', { enum: pledgeStatuses }).notNull().default('open'),
    paidDonationId: uuid('paid_donation_id').references(() => donations.id),
    partOfPledgeId: uuid('part_of_pledge_id').references((): AnyPgColumn => pledges.id),
    cancelReason: text('cancel_reason'),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastRemindedAt: at('last_reminded_at'),
    closedAt: at('closed_at'),
    ...timestamps(),
  },
  (t) => [
    index('pledges_status_expected_idx').on(t.status, t.expectedOn),
    index('pledges_part_of_idx').on(t.partOfPledgeId),
    check('pledges_status_check', oneOf(t.status, pledgeStatuses)),
    check('pledges_amount_check', sql`${t.amountCents} > 0`),
    check('pledges_paid_check', sql`(${t.status} = 'paid') = (${t.paidDonationId} is not null)`),
  ],
);

export type Pledge = typeof pledges.$inferSelect;
