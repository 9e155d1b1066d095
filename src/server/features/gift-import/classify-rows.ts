import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { donations, donors, giftImportRows } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { GiftImportOutcome } from '~/shared/schemas/gift-import';
import type { ReadRow } from './read-rows';

export interface ClassifiedRow extends ReadRow {
  outcome: GiftImportOutcome;
  message: string | null;
  /** The record of a known donor without email (by name and address), whose gift joins it. */
  donorId: string | null;
}

/** How a donor without email is known: their name and postal address, in any case. */
export const nameAndAddress = (gift: { name: string; address: string | null }) =>
  `${lower(gift.name)}|${lower(gift.address)}`;

function lower(s: string | null | undefined) {
  return (s ?? '').toLowerCase();
}
const sameGift = (r: {
  method: string | null;
  reference: string | null;
  cents: number;
  day: string;
}) => `${r.method}|${lower(r.reference)}|${r.cents}|${r.day}`;

/**
 * What importing each row would do. A duplicate is a row imported before (its key is taken), a
 * gift already in the ledger with the same method, reference, amount and date received (voided
 * or not: a bounced cheque stays bounced), or the same cheque twice in the file. A known donor
 * has given before under the same email or, without one, the same name and address.
 */
export async function classifyRows(
  db: DatabaseExecutor,
  rows: ReadRow[],
  isoDayOf: (at: Date) => string,
): Promise<ClassifiedRow[]> {
  const valid = rows.filter((r) => r.gift);
  const keys = valid.map((r) => r.key);
  const imported = new Map<string, { fileName: string; line: number }>();
  if (keys.length > 0) {
    const found = await db
      .select({
        key: giftImportRows.importKey,
        fileName: giftImportRows.fileName,
        line: giftImportRows.line,
      })
      .from(giftImportRows)
      .where(inArray(giftImportRows.importKey, keys));
    for (const f of found) imported.set(f.key, f);
  }

  const references = [...new Set(valid.map((r) => lower(r.reference)).filter(Boolean))];
  const recorded = new Map<string, string>();
  if (references.length > 0) {
    const found = await db
      .select({
        method: donations.offlineMethod,
        reference: donations.offlineReference,
        cents: donations.amountCents,
        at: donations.donatedAt,
        receiptNumber: donations.receiptNumber,
      })
      .from(donations)
      .where(
        and(
          sql`${donations.paymentMethod} = 'offline'`,
          inArray(sql`lower(${donations.offlineReference})`, references),
        ),
      );
    for (const f of found) {
      if (!f.at) continue;
      recorded.set(sameGift({ ...f, day: isoDayOf(f.at) }), f.receiptNumber ?? '');
    }
  }

  const emails = [...new Set(valid.map((r) => r.email).filter((e): e is string => !!e))];
  const names = [...new Set(valid.filter((r) => !r.email).map((r) => lower(r.name)))];
  const knownEmails = new Set<string>();
  const knownNameAddresses = new Map<string, string>();
  const received = sql`${donations.paymentStatus} in ('succeeded', 'refunded', 'disputed')`;
  if (emails.length > 0) {
    const found = await db
      .selectDistinct({ email: sql<string>`lower(${donations.email})` })
      .from(donations)
      .where(and(received, inArray(sql`lower(${donations.email})`, emails)));
    for (const f of found) knownEmails.add(f.email);
  }
  if (names.length > 0) {
    const found = await db
      .select({
        name: donations.donorName,
        address: donations.postalAddress,
        donorId: sql<string>`coalesce(${donors.mergedInto}, ${donors.id})`,
      })
      .from(donations)
      .innerJoin(donors, eq(donors.id, donations.donorId))
      .where(
        and(received, isNull(donations.email), inArray(sql`lower(${donations.donorName})`, names)),
      )
      // The first record of that name and address, should the office have made two.
      .orderBy(asc(donations.createdAt), asc(donations.id));
    for (const f of found) {
      const key = nameAndAddress({ name: f.name ?? '', address: f.address });
      if (!knownNameAddresses.has(key)) knownNameAddresses.set(key, f.donorId);
    }
  }

  const inFile = new Map<string, number>();
  return rows.map((row): ClassifiedRow => {
    const gift = row.gift;
    if (!gift) return { ...row, outcome: 'error', message: row.errors.join(' '), donorId: null };
    const earlier = imported.get(row.key);
    if (earlier) {
      return {
        ...row,
        outcome: 'duplicate',
        message: `Imported before, from line ${earlier.line} of ${earlier.fileName}.`,
        donorId: null,
      };
    }
    if (gift.reference) {
      const same = sameGift({
        method: gift.method,
        reference: gift.reference,
        cents: row.amountCents!,
        day: gift.receivedOn,
      });
      const receipt = recorded.get(same);
      if (receipt !== undefined) {
        return {
          ...row,
          outcome: 'duplicate',
          message: `Already recorded, receipt ${receipt}.`,
          donorId: null,
        };
      }
      const line = inFile.get(same);
      if (line !== undefined) {
        return {
          ...row,
          outcome: 'duplicate',
          message: `The same gift as line ${line}.`,
          donorId: null,
        };
      }
      inFile.set(same, row.line);
    }
    const donorId = gift.email ? null : (knownNameAddresses.get(nameAndAddress(gift)) ?? null);
    const known = gift.email ? knownEmails.has(gift.email.toLowerCase()) : donorId !== null;
    return { ...row, outcome: known ? 'known-donor' : 'new-donor', message: null, donorId };
  });
}
