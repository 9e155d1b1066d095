import { describe, expect, it } from 'vitest';
import { contactMessageInput } from './contact';
import { donationSetupInput } from './donations';
import { membershipApplicationInput } from './membership';
import { commentInput } from './videos';

// Every one-line field refuses line breaks and other control characters:
// a name is printed into mails, where a line break would start a line the visitor wrote.

const broken = ['ab\r\nBcc: x@example.org', 'ab\ncd', 'ab\rcd', 'ab\u2028cd', 'ab\u0000cd'];

describe('one-line fields', () => {
  it('refuse a line break or a control character, and take a tab or plain text', () => {
    const cases: [string, (name: string) => { success: boolean }][] = [
      [
        'contact name',
        (name) =>
          contactMessageInput.safeParse({ name, email: 'a@example.org', message: 'x'.repeat(12) }),
      ],
      [
        'donor name',
        (name) =>
          donationSetupInput(25_000).safeParse({ amount: 18, name, email: 'a@example.org' }),
      ],
      [
        'dedication name',
        (name) =>
          donationSetupInput(25_000).safeParse({ amount: 18, dedication: { kind: 'honor', name } }),
      ],
      [
        'first name',
        (name) =>
          membershipApplicationInput.safeParse({
            firstName: name,
            lastName: 'Levi',
            email: 'a@example.org',
            membershipTier: 'flame',
          }),
      ],
      [
        'comment author',
        (name) =>
          commentInput.safeParse({
            authorName: name,
            authorEmail: 'a@example.org',
            comment: 'Amen',
          }),
      ],
    ];
    for (const [label, parse] of cases) {
      expect(parse('Sarah Cohen').success, label).toBe(true);
      expect(parse('Sarah\tCohen').success, label).toBe(true);
      for (const value of broken)
        expect(parse(value).success, `${label}: ${JSON.stringify(value)}`).toBe(false);
    }
  });
});
