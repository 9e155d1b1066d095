import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';

/**
 * CSV for spreadsheets: RFC 4180 quoting, and formula injection neutralised (OWASP, CSV
 * Injection). A formula starts with = + - @ or their full-width forms (＝ ＋ － ＠, formulas in
 * some East Asian locales). Two rules, each adding an apostrophe so the text shows as text:
 *
 * - the cell starts with a tab, carriage return or line feed, or its first character after
 *   blanks, separators (`,` `;` `|`) and quotes is a formula character: `'` before the cell;
 * - inside the cell, a separator or a line break followed (blanks and quotes aside) by a formula
 *   character: `'` before that character. Excel in a locale whose list separator is `;` splits
 *   a comma CSV on `;` (and every reader ends a record at an unquoted line break), so
 *   `Sarah;=HYPERLINK(…)` would open as a cell `=HYPERLINK(…)`: the leading apostrophe of the
 *   first rule cannot reach it, and quoting does not help a cell that is not the row's first.
 */
const formula = '[=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20]';
const formulaStart = new RegExp(`^(?:[\\t\\r\\n]|[\\s,;|"']*${formula})`, 'u');
const formulaAfterSeparator = new RegExp(`([,;|\\t\\r\\n][\\s"']*)(?=${formula})`, 'gu');

export function csvCell(value: string | null | undefined): string {
  const raw = value ?? '';
  let cell = raw.replace(formulaAfterSeparator, "$1'");
  if (formulaStart.test(raw)) cell = `'${cell}`;
  if (/[",\r\n]/.test(cell)) cell = `"${cell.replace(/"/g, '""')}"`;
  return cell;
}

/** One line, CRLF-terminated as RFC 4180 asks. */
export function csvRow(cells: (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Where a newest-first export stopped: the last row's time, as text, and its id. */
export interface NewestFirstCursor {
  /**
   * The timestamp as the database prints it (`created_at::text`): a Date would drop the
   * microseconds, and rows in the same millisecond as the cursor could be skipped.
   */
  at: string;
  id: string;
}

/**
 * The keyset condition for the rows after `cursor` in (timestamp desc, id desc) order. The
 * first half lets an index on the timestamp alone narrow the range.
 */
export function olderThan(
  cursor: NewestFirstCursor | null,
  at: AnyPgColumn,
  id: AnyPgColumn,
): SQL | undefined {
  if (!cursor) return undefined;
  const time = sql`${cursor.at}::timestamptz`;
  return sql`(${at} <= ${time} and (${at}, ${id}) < (${time}, ${cursor.id}::uuid))`;
}

/**
 * Reads a whole table in batches, newest first, and yields CSV text batch by batch: an export
 * of any size never holds more than one batch. `fetchBatch` returns up to `size` rows after
 * the cursor, each with its `cursorAt` (`timestamp::text`) and `id`.
 */
export async function* csvInBatches<T extends { cursorAt: string; id: string }>(
  header: string[],
  size: number,
  fetchBatch: (cursor: NewestFirstCursor | null) => Promise<T[]>,
  toCells: (row: T) => (string | null | undefined)[],
) {
  yield csvRow(header);
  let cursor: NewestFirstCursor | null = null;
  for (;;) {
    const rows = await fetchBatch(cursor);
    if (rows.length > 0) yield rows.map((r) => csvRow(toCells(r))).join('');
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: last.id };
  }
}

/**
 * UTF-8's byte-order mark. Excel reads a CSV without it in the machine's legacy code page, so
 * Hebrew (or any non-Latin) names open as mojibake; with it, Excel, Numbers, LibreOffice and
 * Google Sheets all read UTF-8.
 */
export const UTF8_BOM = '\uFEFF';

async function* withByteOrderMark(lines: AsyncIterable<string>) {
  yield UTF8_BOM;
  yield* lines;
}

/**
 * Answers with `lines` as a streamed CSV download named `filename`, never cached. Every export
 * goes through here, so every one starts with the byte-order mark.
 */
export function sendCsv(reply: FastifyReply, filename: string, lines: AsyncIterable<string>) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(withByteOrderMark(lines)));
}
