import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../lib/clock';

/** How a worker gives way to the requests of its app (ADR 035). */
export interface RequestPacing {
  /** True while the app is answering requests. */
  busy: () => boolean;
  /** The longest the requests hold one claim back, by the worker's clock. */
  maxYieldMs: number;
  /** How often a held-back claim looks whether the requests are done (a real timer). */
  checkMs: number;
}

/**
 * Called when the worker is about to claim and finds the request path busy: waits until no
 * request is in flight, or `maxYieldMs` have passed, or the worker stops (`signal`). The cap is
 * the floor under a burst that never ends: a claim at least every `maxYieldMs` plus a batch.
 */
export async function yieldToRequests(
  { busy, maxYieldMs, checkMs }: RequestPacing,
  clock: Clock,
  signal: AbortSignal,
): Promise<void> {
  const until = clock().getTime() + maxYieldMs;
  do {
    // Rejects only when aborted: the worker is stopping, and its loop sees that.
    await sleep(checkMs, undefined, { signal, ref: false }).catch(() => {});
  } while (!signal.aborted && busy() && clock().getTime() < until);
}
