import { z } from 'zod';
import { memberStatuses } from '~/shared/domain';
import { pageQueryFields } from './page-query';

/** The Members tab's contract: the list with its filters, and the CSV of the same filters. */

const statusField = z
  .enum(memberStatuses, { error: 'Status must be pending, active, lapsed or cancelled' })
  .optional();

/** Tier ids come from site.config.ts, so the filter is made when the routes are. */
export function memberFilters(tierIds: readonly [string, ...string[]]) {
  return {
    tier: z.enum(tierIds, { error: `Tier must be one of ${tierIds.join(', ')}` }).optional(),
    status: statusField,
  };
}

export function memberListQuery(tierIds: readonly [string, ...string[]]) {
  return z.object({
    ...memberFilters(tierIds),
    ...pageQueryFields,
  });
}

export const memberView = z.object({
  id: z.string(),
  applicationId: z.string(),
  name: z.string(),
  email: z.string(),
  tier: z.string(),
  status: z.enum(memberStatuses),
  /** Cents. */
  monthlyAmount: z.number(),
  memberSince: z.string().nullable(),
  nextRenewalAt: z.string().nullable(),
  /** How the membership is paid: a card subscription, an OJC monthly gift, or not yet. */
  paidBy: z.enum(['card', 'ojc']).nullable(),
});

export const memberListing = z.object({
  members: z.array(memberView),
  total: z.number(),
  counts: z.record(z.enum(memberStatuses), z.number()),
});

export type MemberView = z.infer<typeof memberView>;
