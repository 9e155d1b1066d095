import { createHash } from 'node:crypto';
import type { OfflineMethod } from '~/shared/domain';
import {
  offlineGiftInput,
  offlineMethodLabels,
  type OfflineGiftInput,
} from '~/shared/schemas/offline-gifts';
import type { GiftImportField, GiftImportMapping } from '~/shared/schemas/gift-import';
import type { CsvFile } from './parse-csv';
import { parseAmount, parseDate, parseDedication, parseMethod } from './parse-values';

/** A row of the file as the ledger reads it: a gift to record, or why it cannot be. */
export interface ReadRow {
  line: number;
  name: string;
  email: string | null;
  amountCents: number | null;
  receivedOn: string | null;
  method: OfflineMethod | null;
  reference: string | null;
  /** The gift, when the row is one; otherwise the reasons, in plain words. */
  gift: OfflineGiftInput | null;
  errors: string[];
  /**
   * The row's fingerprint: its donor, amount, date, method and reference, and which of the file's
   * rows with all of those the same it is (two $18 in cash from one donor on one day are two
   * gifts). The same row of the same file, imported again, has the same key.
   */
  key: string;
}

const knownMethods = Object.values(offlineMethodLabels).join(', ').toLowerCase();

/** "12 Maple Ave", "Monsey", "NY", "10952" → "12 Maple Ave, Monsey, NY 10952"; what is empty is left out. */
function postalAddress(street: string, city: string, state: string, zip: string) {
  const region = [state, zip].filter(Boolean).join(' ');
  return [street, city, region].filter(Boolean).join(', ');
}

function fingerprint(parts: unknown[]) {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Reads every row with the office's mapping; `today` is the site's date, for a future date. */
export function readRows(
  file: CsvFile,
  mapping: GiftImportMapping,
  fixedMethod: OfflineMethod | null,
  today: string,
): ReadRow[] {
  const european = file.separator === ';';
  const seen = new Map<string, number>();
  return file.rows.map(({ line, cells }) => {
    const cell = (field: GiftImportField) => {
      const index = mapping[field];
      return index === null || index === undefined ? '' : (cells[index] ?? '').trim();
    };
    const errors: string[] = [];
    const amount = parseAmount(cell('amount'), { european });
    if (!amount.ok) errors.push(amount.message);
    const date = parseDate(cell('receivedOn'));
    if (!date.ok) errors.push(date.message);
    else if (date.value > today) errors.push('The date received is in the future.');
    let method = fixedMethod;
    if (mapping.method !== null && mapping.method !== undefined && cell('method') !== '') {
      method = parseMethod(cell('method'));
      if (!method) {
        errors.push(`“${cell('method')}” is not a way of giving we know (${knownMethods}).`);
      }
    } else if (!method) {
      errors.push('How the gift was given is missing.');
    }
    const dedication = parseDedication(cell('dedication'));
    if (!dedication.ok) errors.push(dedication.message);

    const body = {
      name: cell('name'),
      email: cell('email'),
      address: postalAddress(cell('address'), cell('city'), cell('state'), cell('zip')),
      amount: amount.ok ? amount.value / 100 : 1,
      method: method ?? 'other',
      receivedOn: date.ok ? date.value : '2000-01-01',
      reference: cell('reference'),
      dedication: dedication.ok ? dedication.value : null,
      note: cell('note'),
    };
    // The same rules as a gift typed in the form: a name, an email or an address, a cheque's number.
    const checked = offlineGiftInput.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        errors.push(issue.message.endsWith('.') ? issue.message : `${issue.message}.`);
      }
    }
    const email = body.email ? body.email.toLowerCase() : null;
    const reference = body.reference || null;
    const identity = [
      body.name.toLowerCase(),
      email,
      body.address.toLowerCase(),
      amount.ok ? amount.value : cell('amount'),
      body.receivedOn,
      method,
      reference?.toLowerCase() ?? null,
    ];
    const base = fingerprint(identity);
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return {
      line,
      name: body.name,
      email,
      amountCents: amount.ok ? amount.value : null,
      receivedOn: date.ok ? date.value : null,
      method,
      reference,
      gift: errors.length === 0 && checked.success ? checked.data : null,
      errors: [...new Set(errors)],
      key: fingerprint([base, occurrence]),
    };
  });
}
