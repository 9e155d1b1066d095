import { z } from 'zod';
import type { DatabaseExecutor } from '~/db/client';
import { enqueueJob } from '~/server/jobs/enqueue-job';
import type { JobHandler } from '~/server/jobs/types';

const payloadSchema = z.object({ email: z.string() });

/**
 * A request for an emailed link (My giving, names for prayer), answered off the request's path.
 * The request writes the same one outbox row whatever the address, and the worker looks the
 * address up and mails it if it is known: the answer then takes as long for a donor's address as
 * for a stranger's, so its timing tells nothing. Run twice (a crash after the mail was
 * queued), it mails a second link, within the address's cap (recipient-cap.ts).
 */
export function linkRequestJob(kind: string) {
  return {
    kind,
    /** Queues the lookup; call the worker's `wake()` after. */
    request: (db: DatabaseExecutor, email: string) =>
      enqueueJob(db, { kind, payload: { email: email.toLowerCase() } }),
    /** The worker's side: `send` looks the address up and mails it if it is known. */
    handler: (send: (email: string) => Promise<void>): JobHandler => ({
      maxAttempts: 5,
      async run(payload) {
        await send(payloadSchema.parse(payload).email);
      },
    }),
  };
}
