import { useEffect, useReducer, useRef, useState, type FocusEvent } from 'react';
import { createAutoAdvance, type AutoAdvance } from '~/client/features/home/lib/auto-advance';
import { carouselReducer, initCarousel } from '~/client/features/home/lib/carousel-state';
import { useHydrated, usePrefersReducedMotion } from './use-media';

interface CarouselOptions {
  count: number;
  intervalMs: number;
  /** Changes refused for this long after one (hero: 500 ms). */
  lockMs?: number;
  /** After a manual change, no rotation for this long (testimonials: 10 s); else a fresh interval. */
  holdAfterManualMs?: number;
}

/**
 * A rotating carousel that respects WCAG 2.2.2: rotation can be paused with a button, stops while
 * the pointer is over it or keyboard focus is inside, and never starts under reduced motion.
 * Timers start in effects only, so the server and the hydrating browser render the same markup.
 */
export function useCarousel({ count, intervalMs, lockMs = 0, holdAfterManualMs }: CarouselOptions) {
  const [state, dispatch] = useReducer(carouselReducer, undefined, () =>
    initCarousel(count, lockMs),
  );
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [keyboardFocused, setKeyboardFocused] = useState(false);
  const running = hydrated && !reducedMotion && !userPaused && !hovered && !keyboardFocused;

  const timer = useRef<AutoAdvance | null>(null);
  useEffect(() => {
    const auto = createAutoAdvance(intervalMs, () => dispatch({ type: 'next', now: Date.now() }));
    timer.current = auto;
    return () => {
      auto.dispose();
      timer.current = null;
    };
  }, [intervalMs]);
  useEffect(() => {
    timer.current?.setRunning(running);
  }, [running]);

  function manual(action: { type: 'next' | 'previous' } | { type: 'goTo'; index: number }) {
    dispatch({ ...action, now: Date.now() });
    if (holdAfterManualMs) timer.current?.holdFor(holdAfterManualMs);
    else timer.current?.restart();
  }

  return {
    index: state.index,
    running,
    /** Whether the pause/play control applies (nothing rotates under reduced motion). */
    canRotate: !reducedMotion,
    userPaused,
    toggleUserPaused: () => setUserPaused((paused) => !paused),
    next: () => manual({ type: 'next' }),
    previous: () => manual({ type: 'previous' }),
    goTo: (index: number) => manual({ type: 'goTo', index }),
    /** Spread on the carousel's region. */
    regionProps: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      // Only keyboard focus pauses: a mouse click on an arrow would otherwise stop rotation for good.
      onFocus: (event: FocusEvent<HTMLElement>) => {
        if (event.target.matches(':focus-visible')) setKeyboardFocused(true);
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setKeyboardFocused(false);
      },
      'data-autoplay': running ? 'on' : 'off',
    },
  };
}
