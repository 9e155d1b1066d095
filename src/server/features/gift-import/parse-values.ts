import type { OfflineMethod } from '~/shared/domain';

/**
 * A file's cells as the ledger's values: amounts, dates and methods written the ways a bank's,
 * a fund's or Excel's export writes them. Each answers the value, or a reason in plain words.
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const no = (message: string): Parsed<never> => ({ ok: false, message });

const usAmount = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$|^\.\d{1,2}$/;
const europeanAmount = /^(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/;

/**
 * Cents from `1,234.00`, `$1,234.00` or `180`; in a file separated by `;` (where the decimal
 * mark is a comma), `1.234,00` too. An amount that could be read two ways is refused.
 */
export function parseAmount(text: string, { european }: { european: boolean }): Parsed<number> {
  const cleaned = text
    .trim()
    .replace(/^\$\s*|^USD\s*|\s*USD$/i, '')
    .replaceAll(' ', '');
  if (cleaned === '') return no('The amount is missing.');
  if (cleaned.startsWith('-') || cleaned.startsWith('(')) return no('The amount is not positive.');
  let normalized: string | null = null;
  if (usAmount.test(cleaned)) normalized = cleaned.replaceAll(',', '');
  else if (european && europeanAmount.test(cleaned)) {
    normalized = cleaned.replaceAll('.', '').replace(',', '.');
  }
  // In a `;` file, `1.234` is a thousand two hundred and thirty-four, as Excel wrote it there.
  if (european && /^\d{1,3}(\.\d{3})+$/.test(cleaned)) normalized = cleaned.replaceAll('.', '');
  if (normalized === null) return no(`The amount “${text.trim()}” is not a number of dollars.`);
  const cents = Math.round(Number(normalized) * 100);
  if (!Number.isFinite(cents) || cents <= 0) return no('The amount must be more than $0.');
  return ok(cents);
}

function isoDate(year: number, month: number, day: number): Parsed<string> {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return no('The date received is not a real date.');
  }
  return ok(date.toISOString().slice(0, 10));
}

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** `2026-11-02`, `11/2/2026` (the site is in New York: month first) or `2.11.2026` (day first). */
export function parseDate(text: string): Parsed<string> {
  const value = text.trim();
  if (value === '') return no('The date received is missing.');
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/.exec(value);
  if (m) return isoDate(fullYear(m[3]!), Number(m[1]), Number(m[2]));
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/.exec(value);
  if (m) return isoDate(fullYear(m[3]!), Number(m[2]), Number(m[1]));
  return no(`The date “${value}” is not one we read: please write it as YYYY-MM-DD or M/D/YYYY.`);
}

const methodWords: [RegExp, OfflineMethod][] = [
  [/^(check|cheque|chk|chq|ck)( ?#)?$|^personal check$|^bank check$/, 'check'],
  [/^cash$/, 'cash'],
  [/^(bank )?(transfer|wire)$|^wire transfer$|^ach$|^eft$|^bank[- ]transfer$/, 'bank-transfer'],
  [/^zelle$/, 'zelle'],
  [
    /^daf$|^donor[- ]advised fund( grant)?$|^daf grant$|^(fidelity|schwab|vanguard) charitable$/,
    'daf',
  ],
  [/^ojc( fund)?( voucher| charity card| card)?$/, 'ojc'],
  [/^(the )?donors'? ?fund$|^tdf$|^donors-fund$/, 'donors-fund'],
  [/^matbia$/, 'matbia'],
  [/^other$/, 'other'],
];

/** The ledger's method for a cell like "check", "Cheque", "CHK", "Zelle", "DAF"; null if unknown. */
export function parseMethod(text: string): OfflineMethod | null {
  const word = text.trim().toLowerCase().replace(/\s+/g, ' ');
  return methodWords.find(([pattern]) => pattern.test(word))?.[1] ?? null;
}

/** "In memory of Sarah bat Avraham" → memory, "Sarah bat Avraham"; "In honor of …" likewise. */
export function parseDedication(
  text: string,
): Parsed<{ kind: 'honor' | 'memory'; name: string } | null> {
  const value = text.trim();
  if (value === '') return ok(null);
  const m = /^(in (loving )?memory of|in honou?r of|memory:|honou?r:)\s*(.+)$/i.exec(value);
  if (!m) {
    return no('Please write the dedication as “In honor of …” or “In memory of …”.');
  }
  return ok({ kind: /memory/i.test(m[1]!) ? 'memory' : 'honor', name: m[3]!.trim() });
}
