import * as z from 'zod/mini';
import { erasureRequestStatuses } from '~/shared/domain';
import { emailField } from './common';

const year = z.coerce
  .number({ error: 'The year is a number, like 2025' })
  .check(
    z.int('The year is a whole number'),
    z.minimum(2000, 'The year is 2000 or later'),
    z.maximum(2100, 'The year is 2100 or earlier'),
  );

/** Which year's statements the office looks at. */
export const statementYearQuery = z.object({ year });

/** One donor's statement, as the office previews it. */
export const statementPreviewQuery = z.object({ year, email: emailField() });

/** Send (or send again) a year's statements, or one donor's. */
export const sendStatementsInput = z.object({
  year,
  email: z.optional(emailField()),
  /** Send again to those already sent: a new mail each. */
  again: z.optional(z.boolean()),
});

export const statementDonorView = z.object({
  email: z.string(),
  name: z.string(),
  keptCents: z.number(),
  gifts: z.number(),
  /** How many times this statement was mailed (0: not yet). */
  sends: z.number(),
  lastSentAt: z.nullable(z.string()),
});

/** `GET /api/admin/statements`: the year's donors and their statements, for the office. */
export const statementListing = z.object({
  year: z.number(),
  /** When the yearly run mails them (ISO). */
  sendsAt: z.string(),
  donors: z.array(statementDonorView),
  totalCents: z.number(),
});

export const sendStatementsResult = z.object({ queued: z.number(), message: z.string() });

/** A donor's request to be forgotten, as the office sees it. */
export const erasureRequestView = z.object({
  id: z.string(),
  /** The address, or its erased mark once erased. */
  email: z.string(),
  /** The donor's name from their gifts or membership, while the address is not yet erased. */
  name: z.nullable(z.string()),
  status: z.enum(erasureRequestStatuses),
  requestedAt: z.string(),
  decidedAt: z.nullable(z.string()),
});
export type ErasureRequestView = z.output<typeof erasureRequestView>;
export const erasureRequestListing = z.object({ requests: z.array(erasureRequestView) });
export const erasureRequestParams = z.object({ id: z.uuid({ error: 'Unknown request' }) });
export const erasureDecisionInput = z.object({
  decision: z.enum(['erase', 'decline'], { error: 'Choose erase or decline' }),
});
export type ErasureDecision = z.output<typeof erasureDecisionInput>['decision'];
