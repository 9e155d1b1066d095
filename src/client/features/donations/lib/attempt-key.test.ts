import { describe, expect, it } from 'vitest';
import { createAttemptKeys } from './attempt-key';

describe('payment attempt keys', () => {
  it('stay the same for the same gift and change with it', () => {
    let n = 0;
    const keyFor = createAttemptKeys(() => `key-${++n}-0123456789abcdef`);
    const gift = { amount: 36, email: 'a@example.org', coverFee: false };
    const first = keyFor(gift);
    expect(keyFor({ ...gift })).toBe(first);
    const withFee = keyFor({ ...gift, coverFee: true });
    expect(withFee).not.toBe(first);
    expect(keyFor(gift)).not.toBe(first);
  });

  it('are valid for the server (16 to 100 letters, digits, - or _)', () => {
    const keyFor = createAttemptKeys();
    expect(keyFor({ amount: 1 })).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
  });
});
