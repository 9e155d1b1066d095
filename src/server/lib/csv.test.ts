import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

/** What starts a formula, full-width forms included (read as formulas in some locales). */
const trigger = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A line read the way a spreadsheet reads it with `separator` as its list separator (Excel in a
 * `;` locale splits a comma CSV on `;`): a field opened by `"` runs to the closing `"`, anything
 * after it is kept; a line break outside quotes ends the record. Returns the fields' values.
 */
function spreadsheetFields(text: string, separator: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i < text.length) {
    let value = '';
    if (text[i] === '"') {
      i += 1;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (text[i] === '"') {
          i += 1;
          break;
        } else value += text[i++];
      }
    }
    while (i < text.length && text[i] !== separator && text[i] !== '\r' && text[i] !== '\n') {
      value += text[i++];
    }
    fields.push(value);
    i += 1;
  }
  return fields;
}

/** The fields a spreadsheet would run as formulas: they start with a trigger, blanks aside. */
function formulas(line: string): string[] {
  return [',', ';', '|', '\t'].flatMap((separator) =>
    spreadsheetFields(line, separator).filter((f) => trigger.test(f.replace(/^\s+/, ''))),
  );
}

describe('csvCell: formula injection (OWASP CSV injection)', () => {
  it.each([
    // A formula character first, as before
    ['=1+1', "'=1+1"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    // A line feed first
    ['\nx', `"'\nx"`],
    // Blanks, separators or quotes before it: prefixed, and each piece a `;` (or `,`, `|`, tab,
    // line break) would split off gets its own apostrophe
    [' =1+1', "' =1+1"],
    ['\t=1+1', "'\t'=1+1"],
    ['\r=1+1', `"'\r'=1+1"`],
    [';=1+1', "';'=1+1"],
    [',=1+1', `"','=1+1"`],
    ['|=1+1', "'|'=1+1"],
    [' ; +1', "' ; '+1"],
    ['; -1', "'; '-1"],
    [';@SUM(A1)', "';'@SUM(A1)"],
    ['"=1+1"', `"'""=1+1"""`],
    // Full-width forms
    ['＝1+1', "'＝1+1"],
    [' ＋1', "' ＋1"],
    // Inside the cell, where a `;` locale starts a new cell
    ['Sarah;=HYPERLINK("http://evil.example")', `"Sarah;'=HYPERLINK(""http://evil.example"")"`],
    ['Sarah; @SUM(A1)', "Sarah; '@SUM(A1)"],
    ['a|-1', "a|'-1"],
    ['a\n=1', `"a\n'=1"`],
    // Left alone
    ['Sarah Cohen', 'Sarah Cohen'],
    ['Levi-Cohen', 'Levi-Cohen'],
    ['2025-02-10 10:00', '2025-02-10 10:00'],
    ['a;b', 'a;b'],
    ['a,b', '"a,b"'],
  ])('%j becomes %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('leaves no cell a spreadsheet would run, whatever its list separator', () => {
    const piece = fc.constantFrom(
      '=',
      '+',
      '-',
      '@',
      '＝',
      '＠',
      ';',
      ',',
      '|',
      '\t',
      '\r',
      '\n',
      ' ',
      '"',
      "'",
      'a',
      '1',
      'SUM(A1)',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const line = csvRow(['Sarah', pieces.join(''), 'x']);
        expect(formulas(line)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});
