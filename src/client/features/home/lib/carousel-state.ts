/**
 * The index of a carousel (hero or testimonials) as a pure reducer. Every change carries the
 * moment it happens (`now`, in ms) so the transition lock is a plain comparison the tests can
 * drive without a clock.
 */
export interface CarouselState {
  index: number;
  count: number;
  /** How long changes are refused after one (spec 4: 500 ms for the hero, while the text fades). */
  lockMs: number;
  /** Changes before this moment are ignored. */
  lockedUntil: number;
}

export type CarouselAction =
  { type: 'next' | 'previous'; now: number } | { type: 'goTo'; index: number; now: number };

/** Any integer to 0..count-1: -1 is the last slide, count is the first. */
export function wrapIndex(index: number, count: number): number {
  return ((index % count) + count) % count;
}

export function initCarousel(count: number, lockMs = 0): CarouselState {
  return { index: 0, count, lockMs, lockedUntil: 0 };
}

export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  if (action.now < state.lockedUntil) return state;
  const target =
    action.type === 'goTo' ? action.index : state.index + (action.type === 'next' ? 1 : -1);
  const index = wrapIndex(target, state.count);
  if (index === state.index) return state;
  return { ...state, index, lockedUntil: action.now + state.lockMs };
}
