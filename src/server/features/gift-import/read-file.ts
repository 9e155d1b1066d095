import { AppError } from '~/server/errors';
import type { OfflineMethod } from '~/shared/domain';
import {
  GIFT_IMPORT_MAX_BYTES,
  GIFT_IMPORT_MAX_ROWS,
  giftImportFieldLabels,
  type GiftImportMapping,
  type GiftImportPreviewInput,
} from '~/shared/schemas/gift-import';
import { guessMapping } from './guess-mapping';
import { CsvError, parseCsv, type CsvFile } from './parse-csv';
import { readRows, type ReadRow } from './read-rows';

export interface ReadFile {
  file: CsvFile;
  mapping: GiftImportMapping;
  method: OfflineMethod | null;
  rows: ReadRow[];
}

const refuse = (message: string, field = 'text'): never => {
  throw new AppError('validation_failed', message, { [field]: message });
};

/** The file read with the office's mapping (or the guessed one); a file it cannot read is a 400. */
export function readFile(
  input: GiftImportPreviewInput,
  { today, strict }: { today: string; strict: boolean },
): ReadFile {
  if (input.text.trim() === '') refuse('The file is empty.');
  if (Buffer.byteLength(input.text, 'utf8') > GIFT_IMPORT_MAX_BYTES) {
    refuse(
      `The file is larger than ${GIFT_IMPORT_MAX_BYTES / 1_000_000} MB. Please split it into smaller files.`,
    );
  }
  let file: CsvFile;
  try {
    file = parseCsv(input.text, { maxRows: GIFT_IMPORT_MAX_ROWS });
  } catch (error) {
    if (error instanceof CsvError) refuse(`We could not read the file: ${error.message}`);
    throw error;
  }
  const mapping = input.mapping ?? guessMapping(file.headers);
  const method = input.method ?? null;
  for (const [field, index] of Object.entries(mapping)) {
    if (index !== null && index !== undefined && index >= file.headers.length) {
      refuse('That column is not in the file.', `mapping.${field}`);
    }
  }
  // A preview without a mapping shows the guessed one, for the office to complete; an import, or a
  // preview of the office's own mapping, needs the columns a gift cannot be without.
  if (strict || input.mapping) {
    for (const field of ['name', 'amount', 'receivedOn'] as const) {
      if (mapping[field] === null || mapping[field] === undefined) {
        refuse(
          `Please choose the column of the ${giftImportFieldLabels[field].toLowerCase()}.`,
          `mapping.${field}`,
        );
      }
    }
    if ((mapping.method === null || mapping.method === undefined) && !method) {
      refuse(
        'Please choose the column that says how each gift was given, or one way for the whole file.',
        'mapping.method',
      );
    }
  }
  return { file, mapping, method, rows: readRows(file, mapping, method, today) };
}
