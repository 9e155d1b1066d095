import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './parse-csv';
import { guessMapping } from './guess-mapping';
import { parseAmount, parseDate, parseDedication, parseMethod } from './parse-values';

const read = (text: string, maxRows = 100) => parseCsv(text, { maxRows });

describe('parseCsv', () => {
  it("reads Excel's CSV: a byte-order mark, `;` found from the header, CRLF, quoted fields", () => {
    const file = read(
      '\uFEFFName;Amount;Memo\r\n"Katz; Reuven";"1.234,00";"He said ""thanks""\r\nand left"\r\nLevi;18;\r\n',
    );
    expect(file.separator).toBe(';');
    expect(file.headers).toEqual(['Name', 'Amount', 'Memo']);
    expect(file.rows).toEqual([
      { line: 2, cells: ['Katz; Reuven', '1.234,00', 'He said "thanks"\r\nand left'] },
      { line: 4, cells: ['Levi', '18', ''] },
    ]);
  });

  it('reads commas inside quotes, empty quoted fields and a last line without a break', () => {
    const file = read('Name,Address,Amount\n"Cohen, Moshe","",180\nLevi,"12 Main St, Monsey",36');
    expect(file.separator).toBe(',');
    expect(file.rows.map((r) => r.cells)).toEqual([
      ['Cohen, Moshe', '', '180'],
      ['Levi', '12 Main St, Monsey', '36'],
    ]);
  });

  it('keeps Hebrew names byte for byte', () => {
    const file = read('\uFEFFשם,סכום\r\nשלמה כהן,100\r\n');
    expect(file.headers).toEqual(['שם', 'סכום']);
    expect(Buffer.from(file.rows[0]!.cells[0]!, 'utf8')).toEqual(Buffer.from('שלמה כהן', 'utf8'));
  });

  it('skips blank lines and counts lines as the file does', () => {
    const file = read('Name,Amount\n\nLevi,18\n,\n');
    expect(file.rows).toEqual([{ line: 3, cells: ['Levi', '18'] }]);
  });

  it('refuses what it cannot read unambiguously, in plain words', () => {
    expect(() => read('')).toThrow(new CsvError('The file is empty.'));
    expect(() => read('Name,Amount\n')).toThrow(/no gifts under it/);
    expect(() => read('Name,Amount\n"Levi,18\n')).toThrow(/Line 2: a quoted field is not closed/);
    expect(() => read('Name,Amount\nLe"vi,18\n')).toThrow(/quote in the middle/);
    expect(() => read('Name,Amount\n"Levi"x,18\n')).toThrow(/after a quoted field/);
    expect(() => read('Name,Amount\nL\uFFFDvi,18\n')).toThrow(/not saved as UTF-8/);
    expect(() => read('Name\na\nb\nc\n', 2)).toThrow(
      'The file has more than 2 gifts. Please split it into smaller files.',
    );
  });
});

describe('parseAmount', () => {
  const us = { european: false };
  const eu = { european: true };
  it.each([
    ['1,234.00', us, 123_400],
    ['$1,234.00', us, 123_400],
    ['$ 180.5', us, 18_050],
    ['36', us, 3_600],
    ['1.234,00', eu, 123_400],
    ['1.234', eu, 123_400],
    ['12,50', eu, 1_250],
    ['12.50', eu, 1_250],
  ])('reads %s', (text, options, cents) => {
    expect(parseAmount(text, options)).toEqual({ ok: true, value: cents });
  });

  it.each([
    ['', us, 'The amount is missing.'],
    ['12,50', us, 'The amount “12,50” is not a number of dollars.'],
    ['-5', us, 'The amount is not positive.'],
    ['0.00', us, 'The amount must be more than $0.'],
    ['abc', us, 'The amount “abc” is not a number of dollars.'],
  ])('refuses %s', (text, options, message) => {
    expect(parseAmount(text, options)).toEqual({ ok: false, message });
  });
});

describe('parseDate', () => {
  it.each([
    ['2026-11-02', '2026-11-02'],
    ['11/2/2026', '2026-11-02'],
    ['11/02/26', '2026-11-02'],
    ['2.11.2026', '2026-11-02'],
  ])('reads %s', (text, iso) => {
    expect(parseDate(text)).toEqual({ ok: true, value: iso });
  });

  it('refuses a missing, impossible or unknown date', () => {
    expect(parseDate('')).toEqual({ ok: false, message: 'The date received is missing.' });
    expect(parseDate('2/30/2026')).toEqual({
      ok: false,
      message: 'The date received is not a real date.',
    });
    expect(parseDate('Nov 2')).toMatchObject({ ok: false });
  });
});

describe('parseMethod and parseDedication', () => {
  it('knows the ways the office writes a method', () => {
    expect(
      ['check', 'Cheque', 'CHK', 'Zelle', 'DAF', 'wire', 'OJC', "Donors' Fund"].map(parseMethod),
    ).toEqual(['check', 'check', 'check', 'zelle', 'daf', 'bank-transfer', 'ojc', 'donors-fund']);
    expect(parseMethod('bitcoin')).toBeNull();
  });

  it('reads a dedication that says its kind', () => {
    expect(parseDedication('In memory of Sarah bat Avraham')).toEqual({
      ok: true,
      value: { kind: 'memory', name: 'Sarah bat Avraham' },
    });
    expect(parseDedication('')).toEqual({ ok: true, value: null });
    expect(parseDedication('Sarah')).toMatchObject({ ok: false });
  });
});

describe('guessMapping', () => {
  it('guesses the usual header names, each column once', () => {
    expect(
      guessMapping(['Donor', 'E-mail', 'Amount', 'Date', 'Check #', 'Memo', 'Type', 'Address']),
    ).toEqual({
      name: 0,
      email: 1,
      address: 7,
      city: null,
      state: null,
      zip: null,
      amount: 2,
      receivedOn: 3,
      method: 6,
      reference: 4,
      dedication: null,
      note: 5,
    });
    expect(guessMapping(['Foo'])).toMatchObject({ name: null, amount: null });
  });

  it("guesses a bank export's address split in columns", () => {
    expect(
      guessMapping(['Name', 'Address 1', 'City', 'State', 'Zip Code', 'Amount', 'Date']),
    ).toMatchObject({ name: 0, address: 1, city: 2, state: 3, zip: 4, amount: 5, receivedOn: 6 });
  });
});
