import { describe, expect, it } from 'vitest';
import { carouselReducer, initCarousel, wrapIndex } from './carousel-state';
import { HERO_LOCK_MS } from './timing';

describe('wrapIndex', () => {
  it('wraps past both ends', () => {
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
  });
});

describe('carouselReducer', () => {
  it('goes forward and wraps from the last slide to the first', () => {
    let state = initCarousel(3);
    state = carouselReducer(state, { type: 'next', now: 1 });
    state = carouselReducer(state, { type: 'next', now: 2 });
    expect(state.index).toBe(2);
    state = carouselReducer(state, { type: 'next', now: 3 });
    expect(state.index).toBe(0);
  });

  it('goes from the first slide back to the last', () => {
    const state = carouselReducer(initCarousel(3), { type: 'previous', now: 1 });
    expect(state.index).toBe(2);
  });

  it('jumps to a slide', () => {
    const state = carouselReducer(initCarousel(3), { type: 'goTo', index: 2, now: 1 });
    expect(state.index).toBe(2);
  });

  it('refuses changes for 500 ms after one, then accepts them', () => {
    let state = initCarousel(3, HERO_LOCK_MS);
    state = carouselReducer(state, { type: 'next', now: 10_000 });
    expect(state.index).toBe(1);
    expect(carouselReducer(state, { type: 'next', now: 10_499 })).toBe(state);
    expect(carouselReducer(state, { type: 'previous', now: 10_250 })).toBe(state);
    expect(carouselReducer(state, { type: 'goTo', index: 0, now: 10_100 })).toBe(state);
    state = carouselReducer(state, { type: 'next', now: 10_500 });
    expect(state.index).toBe(2);
    expect(state.lockedUntil).toBe(11_000);
  });

  it('without a lock accepts changes at once', () => {
    let state = initCarousel(3);
    state = carouselReducer(state, { type: 'next', now: 5 });
    state = carouselReducer(state, { type: 'next', now: 5 });
    expect(state.index).toBe(2);
  });

  it('going to the current slide changes nothing and does not lock', () => {
    const state = initCarousel(3, HERO_LOCK_MS);
    expect(carouselReducer(state, { type: 'goTo', index: 0, now: 1 })).toBe(state);
  });
});
