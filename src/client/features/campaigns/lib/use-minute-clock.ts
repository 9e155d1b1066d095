import { useEffect, useState } from 'react';

const MINUTE = 60_000;

/**
 * How long until a countdown's words may change: the shared clock rounds down to the minute,
 * so they change just after what is left passes a whole minute.
 */
export function nextMinuteIn(ms: number): number {
  return (ms % MINUTE) + 1;
}

/**
 * The time now, in milliseconds, for a countdown to `target`: the server's render time first (so
 * the page hydrates with the text the server wrote), then the browser's clock, moved on at each
 * whole minute before the target so the words change on the minute.
 */
export function useMinuteClock(renderedAt: string, target: string | null): number {
  const [now, setNow] = useState(() => Date.parse(renderedAt));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const left = target === null ? Number.NaN : Date.parse(target) - current;
      timer = setTimeout(tick, left > 0 ? nextMinuteIn(left) : 60_000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [target]);
  return now;
}
