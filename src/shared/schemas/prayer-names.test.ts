import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { hebrewNameProblem, prayerNameInput } from './prayer-names';

const valid = {
  hebrewName: 'משה',
  relation: 'ben',
  motherHebrewName: 'שרה רבקה',
  englishName: 'Moshe',
  intention: 'healing',
};

describe('Hebrew names for prayer', () => {
  it('takes Hebrew letters, final forms, spaces, maqaf and geresh', () => {
    for (const name of ['משה', 'אברהם יצחק', 'חיים־יוסף', 'ז׳ק', 'מנחם מענדל']) {
      expect(hebrewNameProblem('Hebrew name', name)).toBeNull();
    }
  });

  it('refuses other scripts, mixed scripts, digits, blanks and long names with clear messages', () => {
    expect(hebrewNameProblem('Hebrew name', 'Moshe')).toBe(
      'Hebrew name must be written in Hebrew letters (for example משה)',
    );
    expect(hebrewNameProblem('Hebrew name', 'משה Cohen')).toBe(
      'Hebrew name mixes Hebrew with other letters: write it in Hebrew letters only',
    );
    expect(hebrewNameProblem('Hebrew name', 'משה2')).toMatch(/Hebrew letters/);
    expect(hebrewNameProblem('Hebrew name', '   ')).toBe('Hebrew name is required');
    expect(hebrewNameProblem('Hebrew name', 'א'.repeat(61))).toBe(
      'Hebrew name must be at most 60 characters',
    );
  });

  it('checks the whole entry: both names, son or daughter of, the intention, a note for other', () => {
    expect(z.safeParse(prayerNameInput, valid).success).toBe(true);
    const mixed = z.safeParse(prayerNameInput, { ...valid, motherHebrewName: 'Sarah שרה' });
    expect(mixed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [
        'motherHebrewName',
        'Mother’s Hebrew name mixes Hebrew with other letters: write it in Hebrew letters only',
      ],
    ]);
    const other = z.safeParse(prayerNameInput, { ...valid, intention: 'other' });
    expect(other.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['note', 'Say briefly what to pray for'],
    ]);
    expect(z.safeParse(prayerNameInput, { ...valid, intention: 'luck' }).success).toBe(false);
    const relation = z.safeParse(prayerNameInput, { ...valid, relation: 'son' });
    expect(relation.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['relation', 'Choose son of (ben) or daughter of (bat)'],
    ]);
  });
});
