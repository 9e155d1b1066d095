import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { jobStatuses } from '~/shared/domain';
import { at, oneOf, timestamps } from './columns';

/**
 * The outbox: background work written in the same transaction as the business row it belongs
 * to, drained by the worker in src/server/jobs (see its README for the flow and the traps).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** Enqueuing the same key twice creates one job: the unique index below is the guard. */
    idempotencyKey: text('idempotency_key').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: jobStatuses }).notNull().default('pending'),
    /** Counted when a job is claimed, so a job that keeps crashing its worker still runs out. */
    attempts: integer('attempts').notNull().default(0),
    /** Null: the handler's own limit, else the worker's default. */
    maxAttempts: integer('max_attempts'),
    runAt: at('run_at').notNull().defaultNow(),
    /** The lease: past this time a running job is presumed abandoned and may be claimed again. */
    lockedUntil: at('locked_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    ...timestamps(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('jobs_idempotency_key_key').on(t.idempotencyKey),
    // The claim query scans only live jobs in run_at order; finished jobs stay out of it.
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    // The admin listing: newest first, optionally by status.
    index('jobs_status_id_idx').on(t.status, t.id),
    check('jobs_status_check', oneOf(t.status, jobStatuses)),
    check('jobs_max_attempts_check', sql`${t.maxAttempts} >= 1`),
  ],
);

export type Job = typeof jobs.$inferSelect;
