import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { jobs, type Job } from '~/db/schema';
import { createTestDatabase } from '~tests/helpers/database';
import { enqueueJob, type EnqueueJobOptions } from './enqueue-job';
import type { Clock } from '~/server/lib/clock';
import type { DatabaseExecutor, DatabaseHandle } from '~/db/client';
import type { JobLogger } from './types';

/** Test helpers for the jobs code: imported by *.test.ts only. */

/**
 * One test database for the calling test file, with no jobs at the start of each test; its
 * `enqueueAt` and `readJob` work on it.
 */
export function jobsTestDatabase() {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle?.close());
  beforeEach(async () => {
    await handle!.db.delete(jobs);
  });
  const database = {
    get db(): DatabaseExecutor {
      if (!handle) throw new Error('the test database opens in beforeAll');
      return handle.db;
    },
    enqueueAt: (clock: FakeClock, options: EnqueueAtOptions) =>
      enqueueAt(database.db, clock, options),
    readJob: (id: number) => readJob(database.db, id),
  };
  return database;
}

export interface FakeClock {
  now: Clock;
  advance(ms: number): void;
}

export function fakeClock(start = new Date('2030-01-01T09:00:00.000Z')): FakeClock {
  let time = start.getTime();
  return {
    now: () => new Date(time),
    advance: (ms) => void (time += ms),
  };
}

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  obj: object;
  msg?: string;
}

/** A logger that keeps what it is given, so tests can read it (and the test setup stays quiet). */
export function recordingLogger(): JobLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at =
    (level: LogEntry['level']) =>
    (obj: object, msg?: string): void =>
      void entries.push({ level, obj, msg });
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type EnqueueAtOptions = Omit<EnqueueJobOptions, 'runAt'> & { key: string };

/** Enqueues a job due at the fake clock's now, and returns its row. */
export async function enqueueAt(
  db: DatabaseExecutor,
  clock: FakeClock,
  options: EnqueueAtOptions,
): Promise<Job> {
  await enqueueJob(db, { ...options, runAt: clock.now() });
  return jobByKey(db, options.key);
}

export async function jobByKey(db: DatabaseExecutor, key: string): Promise<Job> {
  const [row] = await db.select().from(jobs).where(eq(jobs.idempotencyKey, key));
  if (!row) throw new Error(`no job with key ${key}`);
  return row;
}

export async function readJob(db: DatabaseExecutor, id: number): Promise<Job> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

/** Lets pending promise callbacks and I/O callbacks run: a turn of the event loop, not a sleep. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
