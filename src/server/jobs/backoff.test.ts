import { describe, expect, it } from 'vitest';
import { defaultBackoff, exponentialBackoff } from './backoff';

const second = 1000;
const hour = 60 * 60 * second;

describe('exponentialBackoff', () => {
  it('doubles the step from 10 s by default', () => {
    // With the random draw pinned to 0.5, equal jitter gives three quarters of the step.
    const backoff = exponentialBackoff({ random: () => 0.5 });
    expect([1, 2, 3, 4, 5].map(backoff)).toEqual([7.5, 15, 30, 60, 120].map((s) => s * second));
  });

  it('caps the step at one hour by default, however many attempts', () => {
    const highest = exponentialBackoff({ random: () => 0.999999 });
    expect(highest(9)).toBeLessThanOrEqual(hour); // 10 s * 2^8 = 42 min 40 s
    expect(highest(9)).toBeGreaterThan(40 * 60 * second);
    expect(highest(10)).toBeLessThanOrEqual(hour);
    expect(highest(10)).toBeGreaterThan(0.99 * hour);
    expect(highest(1000)).toBeLessThanOrEqual(hour);
    expect(Number.isFinite(highest(1_000_000))).toBe(true);
  });

  it('keeps equal jitter between half the step and the step', () => {
    const lowest = exponentialBackoff({ random: () => 0 });
    const highest = exponentialBackoff({ random: () => 0.999999 });
    expect(lowest(1)).toBe(5 * second);
    expect(highest(1)).toBeLessThanOrEqual(10 * second);
    expect(highest(1)).toBeGreaterThan(9.99 * second);
    for (let attempt = 1; attempt <= 12; attempt++) {
      const step = Math.min(hour, 10 * second * 2 ** (attempt - 1));
      for (let i = 0; i < 200; i++) {
        const delay = defaultBackoff(attempt);
        expect(delay).toBeGreaterThanOrEqual(step / 2);
        expect(delay).toBeLessThanOrEqual(step);
      }
    }
  });

  it('spreads full jitter from zero to the step', () => {
    const backoff = exponentialBackoff({ jitter: 'full', baseMs: 100, capMs: 1000 });
    const delays = Array.from({ length: 500 }, () => backoff(3));
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(400);
    }
    // Jitter at all: failures that happened together do not retry together.
    expect(new Set(delays).size).toBeGreaterThan(50);
    expect(exponentialBackoff({ jitter: 'full', random: () => 0 })(5)).toBe(0);
  });

  it('takes a base and a cap of its own', () => {
    const backoff = exponentialBackoff({ baseMs: 1000, capMs: 5000, random: () => 0.5 });
    expect([1, 2, 3, 4].map(backoff)).toEqual([750, 1500, 3000, 3750]);
  });

  it('treats attempt 0 or less as the first step', () => {
    const backoff = exponentialBackoff({ random: () => 0 });
    expect(backoff(0)).toBe(5 * second);
    expect(backoff(-3)).toBe(5 * second);
  });
});
