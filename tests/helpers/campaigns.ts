import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { campaignMatchers, campaignMatches } from '~/db/schema';
import type { AdminSession } from './admin';
import { deliverEvent, type setUpStripeTestApp } from './stripe';

let made = 0;

/** An instant `h` hours from `now`, as the office's campaign form sends it. */
export const hoursFrom = (now: Date, h: number) =>
  new Date(now.getTime() + h * 3_600_000).toISOString();

/**
 * What the office sends for a published campaign taking gifts from an hour before `now` for a
 * day, with no Shabbat pause (the machine's clock may be Friday evening). The slug carries the
 * process id: on PostgreSQL several test files share one database.
 */
export function liveCampaignPayload(now: Date, changes: Record<string, unknown> = {}) {
  return {
    slug: `live-day-${process.pid}-${++made}`,
    title: 'Live day',
    goal: 10_000,
    startsAt: hoursFrom(now, -1),
    endsAt: hoursFrom(now, 23),
    status: 'published',
    pauseForShabbat: false,
    ...changes,
  };
}

/** A published campaign taking gifts now on the app's clock, made by the office. */
export async function liveCampaign(
  app: FastifyInstance,
  admin: AdminSession,
  changes: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/campaigns',
    headers: admin.headers,
    payload: liveCampaignPayload(app.clock(), changes),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().campaign as { id: string; slug: string };
}

/** A card gift to the campaign through the checkout, paid, its success delivered by the webhook. */
export async function giveByCard(
  t: ReturnType<typeof setUpStripeTestApp>,
  slug: string,
  amount: number,
  extra: Record<string, unknown> = {},
) {
  const pi = await t.startCheckout({ amount, campaign: slug, ...extra });
  const res = await deliverEvent(
    t.app,
    t.standIn.event('payment_intent.succeeded', t.standIn.pay(pi.id)),
  );
  expect(res.statusCode, res.body).toBe(200);
  return pi;
}

/** The matches of a gift, by matcher, in the order they were made. */
export function matchesOf(app: FastifyInstance, donationId: string) {
  return app.database.db
    .select({
      matcher: campaignMatchers.name,
      giftCents: campaignMatches.giftCents,
      cents: campaignMatches.cents,
      releaseReason: campaignMatches.releaseReason,
    })
    .from(campaignMatches)
    .innerJoin(campaignMatchers, eq(campaignMatchers.id, campaignMatches.matcherId))
    .where(eq(campaignMatches.donationId, donationId))
    .orderBy(asc(campaignMatches.createdAt), asc(campaignMatchers.position));
}
