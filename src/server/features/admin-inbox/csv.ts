/**
 * CSV for spreadsheets: RFC 4180 quoting, and formula injection neutralised. A cell a
 * spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return) gets a
 * leading apostrophe, so it shows as text.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string | null | undefined): string {
  let cell = value ?? '';
  if (formulaStart.test(cell)) cell = `'${cell}`;
  if (/[",\r\n]/.test(cell)) cell = `"${cell.replace(/"/g, '""')}"`;
  return cell;
}

/** One line, CRLF-terminated as RFC 4180 asks. */
export function csvRow(cells: (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
