import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutoAdvance } from './auto-advance';
import { carouselReducer, initCarousel, type CarouselState } from './carousel-state';
import {
  HERO_INTERVAL_MS,
  HERO_LOCK_MS,
  TESTIMONIAL_HOLD_MS,
  TESTIMONIAL_INTERVAL_MS,
} from './timing';

/** A carousel as the hooks wire it: the timer dispatches 'next' into the reducer. */
function carousel(intervalMs: number, lockMs = 0) {
  let state: CarouselState = initCarousel(3, lockMs);
  const timer = createAutoAdvance(intervalMs, () => {
    state = carouselReducer(state, { type: 'next', now: Date.now() });
  });
  return {
    timer,
    index: () => state.index,
    manual(type: 'next' | 'previous') {
      state = carouselReducer(state, { type, now: Date.now() });
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('hero rotation', () => {
  it('advances every 7 s and wraps to the first slide', () => {
    const hero = carousel(HERO_INTERVAL_MS, HERO_LOCK_MS);
    hero.timer.setRunning(true);
    vi.advanceTimersByTime(HERO_INTERVAL_MS - 1);
    expect(hero.index()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(hero.index()).toBe(1);
    vi.advanceTimersByTime(HERO_INTERVAL_MS);
    expect(hero.index()).toBe(2);
    vi.advanceTimersByTime(HERO_INTERVAL_MS);
    expect(hero.index()).toBe(0);
  });

  it('refuses a second manual change within 500 ms of the first', () => {
    const hero = carousel(HERO_INTERVAL_MS, HERO_LOCK_MS);
    hero.manual('next');
    vi.advanceTimersByTime(HERO_LOCK_MS - 1);
    hero.manual('next');
    expect(hero.index()).toBe(1);
    vi.advanceTimersByTime(1);
    hero.manual('next');
    expect(hero.index()).toBe(2);
  });

  it('restart gives a full interval after a manual change', () => {
    const hero = carousel(HERO_INTERVAL_MS, HERO_LOCK_MS);
    hero.timer.setRunning(true);
    vi.advanceTimersByTime(5000);
    hero.manual('next');
    hero.timer.restart();
    vi.advanceTimersByTime(HERO_INTERVAL_MS - 1);
    expect(hero.index()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(hero.index()).toBe(2);
  });

  it('stops while not running and starts a full interval when it runs again', () => {
    const hero = carousel(HERO_INTERVAL_MS);
    hero.timer.setRunning(true);
    vi.advanceTimersByTime(6000);
    hero.timer.setRunning(false);
    vi.advanceTimersByTime(HERO_INTERVAL_MS * 5);
    expect(hero.index()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    hero.timer.setRunning(true);
    vi.advanceTimersByTime(HERO_INTERVAL_MS);
    expect(hero.index()).toBe(1);
  });

  it('sets no timer at all when it never runs (reduced motion)', () => {
    const hero = carousel(HERO_INTERVAL_MS);
    hero.timer.setRunning(false);
    hero.timer.restart();
    hero.timer.holdFor(TESTIMONIAL_HOLD_MS);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(hero.index()).toBe(0);
  });

  it('sets no timer after it is disposed', () => {
    const hero = carousel(HERO_INTERVAL_MS);
    hero.timer.setRunning(true);
    hero.timer.dispose();
    hero.timer.setRunning(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('testimonial rotation', () => {
  it('advances every 5 s and wraps', () => {
    const t = carousel(TESTIMONIAL_INTERVAL_MS);
    t.timer.setRunning(true);
    vi.advanceTimersByTime(TESTIMONIAL_INTERVAL_MS - 1);
    expect(t.index()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(t.index()).toBe(1);
    vi.advanceTimersByTime(TESTIMONIAL_INTERVAL_MS * 2);
    expect(t.index()).toBe(0);
  });

  it('pauses 10 s after a manual click, then resumes', () => {
    const t = carousel(TESTIMONIAL_INTERVAL_MS);
    t.timer.setRunning(true);
    vi.advanceTimersByTime(4000);
    t.manual('previous');
    t.timer.holdFor(TESTIMONIAL_HOLD_MS);
    expect(t.index()).toBe(2);
    // Nothing moves during the hold, nor during the first interval after it.
    vi.advanceTimersByTime(TESTIMONIAL_HOLD_MS + TESTIMONIAL_INTERVAL_MS - 1);
    expect(t.index()).toBe(2);
    vi.advanceTimersByTime(1);
    expect(t.index()).toBe(0);
    // Then the ordinary rhythm again.
    vi.advanceTimersByTime(TESTIMONIAL_INTERVAL_MS);
    expect(t.index()).toBe(1);
  });

  it('keeps the hold when rotation stops and starts again during it', () => {
    const t = carousel(TESTIMONIAL_INTERVAL_MS);
    t.timer.setRunning(true);
    t.manual('next');
    t.timer.holdFor(TESTIMONIAL_HOLD_MS);
    vi.advanceTimersByTime(3000);
    t.timer.setRunning(false);
    t.timer.setRunning(true);
    vi.advanceTimersByTime(TESTIMONIAL_HOLD_MS - 3000 + TESTIMONIAL_INTERVAL_MS - 1);
    expect(t.index()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(t.index()).toBe(2);
  });
});
