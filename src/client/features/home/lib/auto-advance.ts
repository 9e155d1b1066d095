/**
 * The timer behind a carousel's automatic rotation, kept apart from React so it can be tested
 * with fake timers. It runs only while `setRunning(true)` (not paused, hovered, focused, nor
 * under reduced motion), calls `onAdvance` every `intervalMs`, and after `holdFor(ms)` waits that
 * long before a full interval starts again (spec 4: a manual click pauses the testimonials 10 s).
 */
export interface AutoAdvance {
  setRunning(running: boolean): void;
  /** Starts a fresh interval from now: after a manual change the next one waits its full time. */
  restart(): void;
  /** No advance for `ms`, then rotation resumes with a full interval. */
  holdFor(ms: number): void;
  dispose(): void;
}

export function createAutoAdvance(intervalMs: number, onAdvance: () => void): AutoAdvance {
  let running = false;
  let disposed = false;
  let holdUntil = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function clear() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function schedule() {
    clear();
    if (!running || disposed) return;
    const wait = Math.max(0, holdUntil - Date.now()) + intervalMs;
    timer = setTimeout(() => {
      timer = undefined;
      holdUntil = 0;
      onAdvance();
      schedule();
    }, wait);
  }

  return {
    setRunning(next) {
      running = next;
      schedule();
    },
    restart: schedule,
    holdFor(ms) {
      holdUntil = Date.now() + ms;
      schedule();
    },
    dispose() {
      disposed = true;
      clear();
    },
  };
}
