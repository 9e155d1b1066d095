import { describe, expect, it } from 'vitest';
import { statementOfSubject, statementSubject } from './statement-link';

describe('a statement link’s subject', () => {
  it('reads back the year and the whole email it was made from', () => {
    expect(statementOfSubject(statementSubject('sarah@example.org', 2025))).toEqual({
      year: '2025',
      email: 'sarah@example.org',
    });
    // Only the first bar separates: whatever follows is the email.
    expect(statementOfSubject('2025|a|b@example.org')).toEqual({
      year: '2025',
      email: 'a|b@example.org',
    });
  });

  it('is refused without a year and an email', () => {
    expect(statementOfSubject('sarah@example.org')).toBeNull();
    expect(statementOfSubject('2025|')).toBeNull();
  });
});
