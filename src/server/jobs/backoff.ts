export type Jitter = 'full' | 'equal';

export interface BackoffOptions {
  baseMs?: number;
  capMs?: number;
  /**
   * 'equal' (default) waits at least half the step, so a failing service gets a real pause;
   * 'full' spreads retries widest. Either way, jobs that failed together do not retry together.
   */
  jitter?: Jitter;
  /** A number in [0, 1); tests pass a fixed one. */
  random?: () => number;
}

export const defaultBackoffBaseMs = 10_000;
export const defaultBackoffCapMs = 60 * 60_000;

/**
 * Exponential backoff with jitter: the step is base * 2^(attempt - 1), capped, then jittered.
 * `attempt` is the number of attempts made so far (1 after the first failure).
 */
export function exponentialBackoff({
  baseMs = defaultBackoffBaseMs,
  capMs = defaultBackoffCapMs,
  jitter = 'equal',
  random = Math.random,
}: BackoffOptions = {}): (attempt: number) => number {
  return (attempt) => {
    // The exponent is bounded so a large attempt count cannot overflow to Infinity.
    const step = Math.min(capMs, baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 40));
    const delay = jitter === 'full' ? random() * step : step / 2 + (random() * step) / 2;
    return Math.round(delay);
  };
}

export const defaultBackoff = exponentialBackoff();
