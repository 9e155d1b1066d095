/**
 * A small strict CSV reader for the office's gift files (RFC 4180, plus what Excel writes): a
 * UTF-8 byte-order mark, `;` as the separator where the decimal point is a comma (found from the
 * header row), quoted fields holding separators, quotes (`""`) and line breaks, CRLF or LF.
 * Pure: no I/O. A file it cannot read unambiguously is refused with a plain reason.
 */

export type Separator = ',' | ';' | '\t';

export interface CsvRow {
  /** The line of the file the row starts on, counting the header as line 1. */
  line: number;
  cells: string[];
}

export interface CsvFile {
  separator: Separator;
  headers: string[];
  rows: CsvRow[];
}

export class CsvError extends Error {}

/** The separator the header row uses most, outside quotes; a comma when it has none. */
function detectSeparator(text: string): Separator {
  const counts: Record<Separator, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as Separator] += 1;
  }
  const [best] = (Object.keys(counts) as Separator[]).sort((a, b) => counts[b] - counts[a]);
  return best && counts[best] > 0 ? best : ',';
}

function* records(text: string, separator: Separator) {
  let line = 1;
  let startLine = 1;
  let cells: string[] = [];
  let cell = '';
  // A field that was quoted is done at its closing quote; only a separator or a line break follows.
  let closed = false;
  const endCell = () => {
    cells.push(cell);
    cell = '';
    closed = false;
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === separator) {
      endCell();
      i += 1;
    } else if (char === '\r' || char === '\n') {
      endCell();
      yield { line: startLine, cells };
      cells = [];
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      startLine = line;
    } else if (closed) {
      throw new CsvError(`Line ${line}: there is text after a quoted field's closing quote.`);
    } else if (char === '"' && cell === '') {
      let j = i + 1;
      for (;;) {
        if (j >= text.length)
          throw new CsvError(`Line ${startLine}: a quoted field is not closed.`);
        if (text[j] === '"' && text[j + 1] === '"') {
          cell += '"';
          j += 2;
        } else if (text[j] === '"') {
          break;
        } else {
          if (text[j] === '\n') line += 1;
          cell += text[j];
          j += 1;
        }
      }
      i = j + 1;
      closed = true;
    } else if (char === '"') {
      throw new CsvError(`Line ${line}: a quote in the middle of a field that is not quoted.`);
    } else {
      cell += char;
      i += 1;
    }
  }
  if (cell !== '' || closed || cells.length > 0) {
    endCell();
    yield { line: startLine, cells };
  }
}

const blank = (cells: string[]) => cells.every((c) => c.trim() === '');

/** The header row and the rows under it; blank lines are left out. */
export function parseCsv(input: string, { maxRows }: { maxRows: number }): CsvFile {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  if (text.includes('\u0000')) {
    throw new CsvError('This is not a text file: please save it as CSV.');
  }
  // Read as UTF-8, a file saved in another encoding (Excel's plain "CSV" on Windows) has
  // replacement characters where its Hebrew or accented letters were: refused, not garbled.
  if (text.includes('\uFFFD')) {
    throw new CsvError(
      'The file is not saved as UTF-8, so its letters would be garbled. In Excel, choose Save As, then "CSV UTF-8".',
    );
  }
  const separator = detectSeparator(text);
  let headers: string[] | null = null;
  const rows: CsvRow[] = [];
  for (const record of records(text, separator)) {
    if (blank(record.cells)) continue;
    if (!headers) {
      headers = record.cells.map((h) => h.trim());
      continue;
    }
    if (rows.length === maxRows) {
      throw new CsvError(
        `The file has more than ${maxRows.toLocaleString('en-US')} gifts. Please split it into smaller files.`,
      );
    }
    rows.push(record);
  }
  if (!headers) throw new CsvError('The file is empty.');
  if (rows.length === 0) throw new CsvError('The file has a header row but no gifts under it.');
  return { separator, headers, rows };
}
