import type { FastifyInstance } from 'fastify';
import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  campaigns,
  donations,
  members,
  ojcSubscriptions,
  stripeSubscriptions,
  type Donation,
} from '~/db/schema';
import type { MyGiving } from '~/shared/schemas/my-giving';
import { giftMethodLabel, isFundGrant } from '~/shared/gift-method';
import { dedicationText } from '~/shared/dedication';
import { dedicationOf } from '~/server/lib/dedication';
import { ojcCancelUrl } from '~/server/services/receipts/cancel-link';
import { manageGiftUrl } from '~/server/services/receipts/manage-link';
import { receiptPdfPath } from '~/server/services/receipts/receipt-pdf-link';
import { currentSubscriptionState, donationContextOf } from '~/server/features/donations';
import { addressesOfPerson } from '~/server/services/donors/donor-of-email';
import { giftsOf, keptCents, statementPdfPath, yearsOf } from './donor-gifts';

const dedicationLine = (row: Parameters<typeof dedicationOf>[0]) => {
  const d = dedicationOf(row);
  return d ? dedicationText(d) : null;
};

/** A row arranged by any address of the person (merged records' too), as their gifts are read. */
const ofPerson = (column: AnyPgColumn, email: string): SQL =>
  sql`lower(${column}) in ${addressesOfPerson(email)}`;

const addMonth = (at: Date) => {
  const next = new Date(at);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

const stripeStatusLabels: Record<string, string> = {
  active: 'Active',
  trialing: 'Active',
  past_due: 'The last charge failed: update your card',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  incomplete: 'Not started',
  incomplete_expired: 'Not started',
};

/** Stripe's client when Stripe is set up, for the gifts' current state. */
function stripeOf(app: FastifyInstance) {
  try {
    return donationContextOf(app, app.log).stripe;
  } catch {
    return null;
  }
}

/**
 * The donor's Stripe monthly gifts, with the manage page (Stripe's portal) while they run. Each
 * gift's state is the one its manage page shows (`currentSubscriptionState`): a gift whose first
 * payment went through is active here too before Stripe's webhook arrives.
 */
async function stripeMonthly(app: FastifyInstance, email: string, now: Date) {
  const { db } = app.database;
  const stored = await db
    .select()
    .from(stripeSubscriptions)
    .where(ofPerson(stripeSubscriptions.email, email))
    .orderBy(desc(stripeSubscriptions.createdAt));
  const state = { db, log: app.log, stripe: stripeOf(app) };
  const subs = await Promise.all(
    stored.map(async (sub) => ({ ...sub, ...(await currentSubscriptionState(state, sub)) })),
  );
  const links = { linkSigner: app.linkSigner, publicUrl: app.env.PUBLIC_URL };
  return Promise.all(
    subs.map(async (sub): Promise<MyGiving['monthly'][number]> => {
      const running = ['active', 'trialing', 'past_due'].includes(sub.status);
      const [last] = running
        ? await db
            .select({ at: donations.createdAt })
            .from(donations)
            .where(eq(donations.stripeSubscriptionId, sub.id))
            .orderBy(desc(donations.createdAt))
            .limit(1)
        : [];
      const ends = running && sub.cancelAtPeriodEnd;
      return {
        id: sub.id,
        method: 'stripe',
        amountCents: sub.amountCents,
        currency: sub.currency,
        active: running,
        statusLabel: ends
          ? 'Ends at the end of this month'
          : (stripeStatusLabels[sub.status] ?? sub.status),
        nextChargeAt: running && !ends && last ? addMonth(last.at).toISOString() : null,
        dedication: dedicationLine(sub),
        action: running
          ? { label: 'Manage this gift (card, cancel)', url: manageGiftUrl(links, sub.id, now) }
          : null,
      };
    }),
  );
}

/** The donor's OJC monthly gifts, with the cancel page while they run. */
async function ojcMonthly(app: FastifyInstance, email: string, now: Date) {
  const gifts = await app.database.db
    .select()
    .from(ojcSubscriptions)
    .where(ofPerson(ojcSubscriptions.email, email))
    .orderBy(desc(ojcSubscriptions.createdAt));
  const links = { linkSigner: app.linkSigner, publicUrl: app.env.PUBLIC_URL };
  return gifts.map((gift): MyGiving['monthly'][number] => ({
    id: gift.id,
    method: 'ojc',
    amountCents: gift.amountCents,
    currency: gift.currency,
    active: gift.status === 'active',
    statusLabel: {
      active: 'Active',
      canceled: 'Canceled',
      failed: 'Stopped: the card was declined',
    }[gift.status],
    nextChargeAt: gift.status === 'active' ? (gift.nextChargeAt?.toISOString() ?? null) : null,
    dedication: dedicationLine(gift),
    action:
      gift.status === 'active'
        ? { label: 'Cancel this gift', url: ojcCancelUrl(links, gift.id, now) }
        : null,
  }));
}

/** Each campaign gift's campaign and wall choice: what the donor may change from here. */
async function giftCampaigns(app: FastifyInstance, gifts: Donation[]) {
  const ids = [...new Set(gifts.flatMap((g) => (g.campaignId ? [g.campaignId] : [])))];
  const rows =
    ids.length === 0
      ? []
      : await app.database.db
          .select({ id: campaigns.id, slug: campaigns.slug, title: campaigns.title })
          .from(campaigns)
          .where(inArray(campaigns.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return (gift: Donation): MyGiving['gifts'][number]['campaign'] => {
    const campaign = gift.campaignId ? byId.get(gift.campaignId) : undefined;
    if (!campaign) return null;
    return { slug: campaign.slug, title: campaign.title, wall: gift.wallDisplay ?? 'anonymous' };
  };
}

async function memberships(app: FastifyInstance, email: string) {
  const rows = await app.database.db
    .select()
    .from(members)
    .where(ofPerson(members.email, email))
    .orderBy(desc(members.createdAt));
  const tiers = new Map(app.siteConfig.tiers.map((t) => [t.id, t.name]));
  const views = rows.map((m) => ({
    id: m.id,
    tierName: tiers.get(m.tier) ?? m.tier,
    status: m.status,
    monthlyAmountCents: m.monthlyAmountCents,
    memberSince: m.memberSince?.toISOString() ?? null,
    nextRenewalAt: m.nextRenewalAt?.toISOString() ?? null,
  }));
  return { views, name: rows[0]?.name };
}

/**
 * Everything 'My giving' shows for this address (lower-cased): each gift, monthly gift and
 * membership of the person it belongs to (by any address of their donor record, ADR 053), and
 * the years with a statement. Nothing of anyone else's.
 */
export async function loadMyGiving(
  app: FastifyInstance,
  email: string,
  sessionEndsAt: Date,
): Promise<MyGiving> {
  const now = app.clock();
  const gifts = await giftsOf(app.database.db, email, 'newest');
  const [stripe, ojc, member] = await Promise.all([
    stripeMonthly(app, email, now),
    ojcMonthly(app, email, now),
    memberships(app, email),
  ]);
  const campaignOf = await giftCampaigns(app, gifts);
  const name = gifts.find((g) => g.donorName?.trim())?.donorName?.trim() ?? member.name;
  return {
    name: name || 'friend',
    email,
    gifts: gifts.map((g) => ({
      id: g.id,
      date: g.createdAt.toISOString(),
      amountCents: g.amountCents,
      refundedCents: g.refundedCents,
      keptCents: keptCents(g),
      currency: g.currency,
      method: g.paymentMethod,
      methodDetail: giftMethodLabel(g),
      receiptNumber: g.receiptNumber,
      voided: g.voidedAt !== null,
      fundGrant: isFundGrant(g),
      type: g.donationType,
      status: g.paymentStatus,
      dedication: dedicationLine(g),
      campaign: campaignOf(g),
      receiptUrl: keptCents(g) > 0 ? receiptPdfPath(g.id) : null,
    })),
    monthly: [...stripe, ...ojc],
    memberships: member.views,
    years: yearsOf(gifts, app.siteConfig.timeZone).map((y) => ({
      ...y,
      statementUrl: statementPdfPath(y.year),
    })),
    sessionEndsAt: sessionEndsAt.toISOString(),
  };
}
