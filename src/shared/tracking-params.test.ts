import { describe, expect, it } from 'vitest';
import { withoutTracking } from './tracking-params';

describe('withoutTracking', () => {
  it.each([
    ['', ''],
    ['utm_source=whatsapp', ''],
    ['?utm_source=mail&utm_medium=email&utm_campaign=elul', ''],
    ['page=2&utm_source=whatsapp', 'page=2'],
    ['utm_source=x&page=2&fbclid=abc', 'page=2'],
    ['UTM_Source=x&GCLID=y&mc_cid=1&mc_eid=2', ''],
    ['utm%5Fsource=x&page=3', 'page=3'],
    ['sent=newsletter&video=ab&utm_content=footer', 'sent=newsletter&video=ab'],
    // Not tracking: kept, in order, exactly as written.
    ['tier=flame&amount=36&ref=rabbi', 'tier=flame&amount=36&ref=rabbi'],
    ['utmost=1&source=utm_x', 'utmost=1&source=utm_x'],
    ['%E0%A4%A=1&page=2', '%E0%A4%A=1&page=2'],
  ])('%j keeps %j', (search, kept) => {
    expect(withoutTracking(search)).toBe(kept);
  });
});
