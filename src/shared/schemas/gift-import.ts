import * as z from 'zod/mini';
import { offlineMethods } from '~/shared/domain';
import { lineText } from './common';

/**
 * The office's ledger, by the file: a CSV of gifts received another way (a bank's deposit list,
 * a fund's grant report, a spreadsheet the office kept), previewed row by row, then imported all
 * or nothing.
 */

/** The most the file may hold, in bytes of UTF-8 and in gifts. */
export const GIFT_IMPORT_MAX_BYTES = 1_000_000;
export const GIFT_IMPORT_MAX_ROWS = 2_000;

/** The ledger's fields a file's column can fill, in the order the mapping shows them. */
export const giftImportFields = [
  'name',
  'email',
  'address',
  'city',
  'state',
  'zip',
  'amount',
  'receivedOn',
  'method',
  'reference',
  'dedication',
  'note',
] as const;
export type GiftImportField = (typeof giftImportFields)[number];

export const giftImportFieldLabels: Record<GiftImportField, string> = {
  name: "Donor's name",
  email: 'Email',
  address: 'Postal address (or its street)',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  amount: 'Amount',
  receivedOn: 'Date received',
  method: 'How it was given',
  reference: 'Reference (cheque number …)',
  dedication: 'Dedication',
  note: 'Note for the office',
};

/**
 * Which column (from 0) fills each field; a field left out or null is not in the file. A bank's
 * export splits the address (street, city, state, ZIP): the columns mapped are joined into the
 * postal address, "12 Maple Ave, Monsey, NY 10952".
 */
const column = z.optional(
  z.nullable(z.int({ error: 'Choose a column' }).check(z.minimum(0), z.maximum(999))),
);
export const giftImportMapping = z.object({
  name: column,
  email: column,
  address: column,
  city: column,
  state: column,
  zip: column,
  amount: column,
  receivedOn: column,
  method: column,
  reference: column,
  dedication: column,
  note: column,
});
export type GiftImportMapping = z.output<typeof giftImportMapping>;

/** `POST /api/admin/gift-imports/preview`. Without a mapping, the server guesses one from the headers. */
export const giftImportPreviewInput = z.object({
  fileName: lineText('File name', 200, 1, 'Please choose a file'),
  text: z.string({ error: 'Please choose a file' }),
  mapping: z.optional(giftImportMapping),
  /** One method for every gift of the file, when it has no method column (a bank's Zelle list). */
  method: z.optional(z.nullable(z.enum(offlineMethods, { error: 'Choose how they were given' }))),
});
export type GiftImportPreviewInput = z.output<typeof giftImportPreviewInput>;

/** `POST /api/admin/gift-imports`. */
export const giftImportInput = z.extend(giftImportPreviewInput, {
  /** Off unless asked: the gifts of a file were usually receipted where they were received. */
  mailReceipts: z.optional(z.boolean()),
});
export type GiftImportInput = z.output<typeof giftImportInput>;

/** The import's own question as its form holds it: the checkbox, 'true' or 'false'. */
export const giftImportForm = z.object({
  mailReceipts: z.pipe(
    z.enum(['true', 'false'], { error: 'Choose whether receipts are mailed' }),
    z.transform((value) => value === 'true'),
  ),
});

export const giftImportOutcomes = ['new-donor', 'known-donor', 'duplicate', 'error'] as const;
export type GiftImportOutcome = (typeof giftImportOutcomes)[number];

export const giftImportOutcomeLabels: Record<GiftImportOutcome, string> = {
  'new-donor': 'New donor',
  'known-donor': 'Known donor',
  duplicate: 'Duplicate (skipped)',
  error: 'Error',
};

export const giftImportRowView = z.object({
  /** The line of the file, the header being line 1. */
  line: z.number(),
  outcome: z.enum(giftImportOutcomes),
  name: z.string(),
  email: z.nullable(z.string()),
  /** Dollars, when the amount could be read. */
  amount: z.nullable(z.number()),
  receivedOn: z.nullable(z.string()),
  method: z.nullable(z.enum(offlineMethods)),
  reference: z.nullable(z.string()),
  /** Why the row is an error or a duplicate, in plain words. */
  message: z.nullable(z.string()),
});
export type GiftImportRowView = z.output<typeof giftImportRowView>;

export const giftImportPreview = z.object({
  headers: z.array(z.string()),
  mapping: giftImportMapping,
  method: z.nullable(z.enum(offlineMethods)),
  rows: z.array(giftImportRowView),
  counts: z.object({
    'new-donor': z.number(),
    'known-donor': z.number(),
    duplicate: z.number(),
    error: z.number(),
  }),
});
export type GiftImportPreview = z.output<typeof giftImportPreview>;

export const giftImportResult = z.object({
  imported: z.number(),
  skipped: z.number(),
  receiptNumbers: z.array(z.string()),
  mailed: z.number(),
});
export type GiftImportResult = z.output<typeof giftImportResult>;
