import * as z from 'zod/mini';

/**
 * `GET /api/admin/campaigns/:id/analytics`: the campaign's figures for the office. Only the
 * gifts the thermometer counts (received, not voided), each for what it counts (a monthly gift
 * its months, less refunds and the fee its donor covered). Money in dollars, as the campaign's
 * other contracts.
 */

/** Gifts and their amount in one group. */
const tally = {
  gifts: z.number(),
  amount: z.number(),
};

export const giftMethodKeys = ['card', 'ojc', 'offline'] as const;
export type GiftMethodKey = (typeof giftMethodKeys)[number];

export const campaignAnalytics = z.object({
  /** The site's zone, which the hours are read in. */
  timeZone: z.string(),
  gifts: z.number(),
  /** The donors' money the thermometer counts. */
  raised: z.number(),
  /** The matchers' money that stands. */
  matched: z.number(),
  /** matched ÷ (raised + matched): the part of the thermometer's total the matchers gave; 0 with nothing raised. */
  matchedShare: z.number(),
  /** raised ÷ gifts, to the cent; null without gifts. */
  average: z.nullable(z.number()),
  median: z.nullable(z.number()),
  /** Every hour of the campaign's window (its start to its last end), in order, empty ones too. */
  byHour: z.array(
    z.object({
      /** The hour's start (ISO 8601). */
      start: z.string(),
      /** The hour as the site's zone reads it: "Sun, Dec 13, 8 PM". */
      label: z.string(),
      ...tally,
    }),
  ),
  /** Gifts dated outside the window (an offline gift entered later). */
  outsideWindow: z.object(tally),
  /** By the link's utm_source, utm_medium and utm_campaign; "direct" for gifts without any. */
  byReferrer: z.array(
    z.object({
      label: z.string(),
      source: z.nullable(z.string()),
      medium: z.nullable(z.string()),
      campaign: z.nullable(z.string()),
      ...tally,
    }),
  ),
  /**
   * Returning: the donor record had a received gift dated before the campaign's start; new:
   * every other donor (one without a donor record too). `donors` counts people, not gifts.
   */
  donors: z.object({
    new: z.object({ donors: z.number(), ...tally }),
    returning: z.object({ donors: z.number(), ...tally }),
  }),
  byMethod: z.array(z.object({ method: z.enum(giftMethodKeys), label: z.string(), ...tally })),
  /** By the team a gift was given through (any status: the office sees them all); "No team" last. */
  byTeam: z.array(
    z.object({ slug: z.nullable(z.string()), label: z.string(), donors: z.number(), ...tally }),
  ),
});
export type CampaignAnalytics = z.output<typeof campaignAnalytics>;
