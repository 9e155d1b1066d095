import { describe, expect, it } from 'vitest';
import { campaignLineText } from './campaign-line';

describe('campaignLineText', () => {
  it('names the campaign, then its matchers in order', () => {
    expect(campaignLineText('Tziyun Day', [])).toBe('Given in Tziyun Day');
    expect(campaignLineText('Tziyun Day', ['The Katz family'])).toBe(
      'Given in Tziyun Day, matched by The Katz family',
    );
    expect(campaignLineText('Tziyun Day', ['A', 'B', 'C'])).toBe(
      'Given in Tziyun Day, matched by A, B and C',
    );
  });

  it('says what the money is for when the campaign names a fund', () => {
    expect(campaignLineText('Tziyun Day', [], 'the new roof')).toBe(
      'Given in Tziyun Day for the new roof',
    );
    expect(campaignLineText('Tziyun Day', ['The Katz family'], 'the new roof')).toBe(
      'Given in Tziyun Day for the new roof, matched by The Katz family',
    );
    expect(campaignLineText('Tziyun Day', [], '  ')).toBe('Given in Tziyun Day');
  });
});
