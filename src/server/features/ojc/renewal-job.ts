import { z } from 'zod';
import type { JobHandler } from '~/server/jobs/types';
import { ojcContextOf, type OjcHost } from './context';
import { renewOjcGift } from './renew-ojc-gift';

const payloadSchema = z.object({ giftId: z.uuid(), period: z.number().int().min(2) });

/**
 * The outbox job that charges one month of a monthly OJC gift (`ojc.renewal`, queued with the
 * month's due date by the month before). OJC unreachable or refusing the organisation: the job
 * fails and the outbox tries again with backoff; a decline or a charge already settled: done.
 * The host is read when the job runs (the app's signer is made after the worker).
 */
export function ojcRenewalJobHandler(host: OjcHost): JobHandler {
  return {
    maxAttempts: 10,
    async run(payload, job) {
      const { giftId, period } = payloadSchema.parse(payload);
      await renewOjcGift(ojcContextOf(host), giftId, period, job.signal);
    },
  };
}
