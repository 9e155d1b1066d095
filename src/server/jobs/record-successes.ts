import { markJobsSucceeded, type JobLease } from './job-store';
import type { Clock } from '../lib/clock';
import type { DatabaseExecutor } from '~/db/client';

interface WaitingSuccess {
  lease: JobLease;
  resolve(recorded: boolean): void;
  reject(error: unknown): void;
}

/**
 * Records job successes, several in one statement (ADR 035). A success that comes while none is
 * being written is written at once, alone, so a quiet worker waits for nothing. Successes that
 * come while a statement runs wait for it, then go together in the next one: the busier the
 * database, the more each statement records, and a batch of mails that finish together costs
 * two statements instead of one each. Each run stays fenced by its own lease, as before.
 *
 * The returned function resolves true when the success was recorded, false when the lease had
 * been lost; it rejects when the statement failed (the job then runs again after its lease).
 */
export function successRecorder(
  db: DatabaseExecutor,
  clock: Clock,
): (lease: JobLease) => Promise<boolean> {
  let waiting: WaitingSuccess[] = [];
  let writing = false;

  async function writeGroup(group: WaitingSuccess[]) {
    try {
      const recorded = await markJobsSucceeded(
        db,
        group.map((success) => success.lease),
        clock(),
      );
      const runs = new Set(recorded.map(runOf));
      for (const success of group) success.resolve(runs.has(runOf(success.lease)));
    } catch (error) {
      for (const success of group) success.reject(error);
    }
  }

  async function writeAll() {
    writing = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      await writeGroup(group);
    }
    writing = false;
  }

  return (lease) =>
    new Promise<boolean>((resolve, reject) => {
      waiting.push({ lease, resolve, reject });
      if (!writing) void writeAll();
    });
}

/**
 * A run is a job and its attempt: the same worker may hold a job again after losing its lease,
 * and the old run must not take the new run's success for its own.
 */
function runOf({ id, attempts }: { id: number; attempts: number }) {
  return `${id}:${attempts}`;
}
