/** The part of pino (and Fastify's `app.log`) the jobs code uses. */
export interface JobLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobContext {
  jobId: number;
  kind: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the job times out or the worker gives up on it at shutdown. */
  signal: AbortSignal;
}

export interface JobHandler {
  /**
   * The payload comes back from the database as JSON: parse it (zod) rather than trust a type,
   * since a job may have been written by an older version of the code. Delivery is at least
   * once, so running twice must do no harm.
   */
  run(payload: unknown, ctx: JobContext): Promise<void>;
  /** Overrides the worker's default (8) unless the job was enqueued with its own limit. */
  maxAttempts?: number;
  /** Delay in ms before the next try, given the attempts made so far (1 after the first). */
  backoff?: (attempt: number) => number;
}

/** Handlers by job kind. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;
