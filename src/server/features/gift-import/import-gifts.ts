import { randomUUID } from 'node:crypto';
import { donations, donors, giftImportRows } from '~/db/schema';
import type { Database, DatabaseExecutor } from '~/db/client';
import { AppError } from '~/server/errors';
import type { SignedLinks } from '~/server/lib/signed-link';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { enqueueReceiptIfDue } from '~/server/services/receipts/send-receipt';
import { isoDateIn } from '~/shared/schedule';
import type {
  GiftImportInput,
  GiftImportPreview,
  GiftImportPreviewInput,
  GiftImportResult,
} from '~/shared/schemas/gift-import';
import { offlineGiftValues } from '~/server/features/offline-gifts';
import { classifyRows, nameAndAddress, type ClassifiedRow } from './classify-rows';
import { readFile } from './read-file';

export interface ImportContext extends AuditContext {
  timeZone: string;
  links: SignedLinks;
}

function view(rows: ClassifiedRow[]) {
  const counts = { 'new-donor': 0, 'known-donor': 0, duplicate: 0, error: 0 };
  for (const row of rows) counts[row.outcome] += 1;
  return {
    counts,
    rows: rows.map((r) => ({
      line: r.line,
      outcome: r.outcome,
      name: r.name,
      email: r.email,
      amount: r.amountCents === null ? null : r.amountCents / 100,
      receivedOn: r.receivedOn,
      method: r.method,
      reference: r.reference,
      message: r.message,
    })),
  };
}

/**
 * The record of each donor without email among the rows (ADR 053): the one the preview named as
 * known by name and address (importing after that preview is the office's word that it is the same
 * person), else one new record for all of that donor's rows in the file.
 */
async function namelessRecords(tx: DatabaseExecutor, rows: ClassifiedRow[]) {
  const records = new Map<string, string>();
  for (const row of rows) {
    const gift = row.gift!;
    const key = nameAndAddress(gift);
    if (gift.email || records.has(key)) continue;
    if (row.donorId) {
      records.set(key, row.donorId);
      continue;
    }
    const [made] = await tx
      .insert(donors)
      .values({ name: gift.name, postalAddress: gift.address })
      .returning({ id: donors.id });
    records.set(key, made!.id);
  }
  return records;
}

/** What importing the file would do, row by row; nothing is written. */
export async function previewImport(
  db: Database,
  input: GiftImportPreviewInput,
  ctx: { now: Date; timeZone: string },
): Promise<GiftImportPreview> {
  const read = readFile(input, { today: isoDateIn(ctx.now, ctx.timeZone), strict: false });
  const rows = await classifyRows(db, read.rows, (at) => isoDateIn(at, ctx.timeZone));
  return { headers: read.file.headers, mapping: read.mapping, method: read.method, ...view(rows) };
}

/**
 * Records every new gift of the file in one transaction, or none when a row is an error. Each
 * row's key is claimed first (`on conflict do nothing`): an import running at the same time waits
 * for this one's commit and then skips the rows it took, so no gift is recorded twice. Audited
 * once; receipts are mailed only when the office asks (docs/features.md says why).
 */
export async function importGifts(
  db: Database,
  input: GiftImportInput,
  ctx: ImportContext,
): Promise<GiftImportResult> {
  const read = readFile(input, { today: isoDateIn(ctx.now, ctx.timeZone), strict: true });
  return db.transaction(async (tx) => {
    const rows = await classifyRows(tx, read.rows, (at) => isoDateIn(at, ctx.timeZone));
    const errors = rows.filter((r) => r.outcome === 'error');
    if (errors.length > 0) {
      throw new AppError(
        'validation_failed',
        `Nothing was imported: ${errors.length === 1 ? 'a row has a problem' : `${errors.length} rows have problems`}. Please correct the file and try again.`,
        Object.fromEntries(errors.map((r) => [`rows.${r.line}`, `Line ${r.line}: ${r.message}`])),
      );
    }
    // Received order, so a year's receipt numbers follow the days the gifts came.
    const wanted = rows
      .filter((r) => r.outcome !== 'duplicate')
      .sort((a, b) => a.gift!.receivedOn.localeCompare(b.gift!.receivedOn) || a.line - b.line)
      .map((row) => ({ row, id: randomUUID() }));
    const claimed = new Set<string>();
    if (wanted.length > 0) {
      const taken = await tx
        .insert(giftImportRows)
        .values(
          wanted.map(({ row, id }) => ({
            importKey: row.key,
            donationId: id,
            fileName: input.fileName,
            line: row.line,
            importedAt: ctx.now,
          })),
        )
        .onConflictDoNothing()
        .returning({ key: giftImportRows.importKey });
      for (const t of taken) claimed.add(t.key);
    }
    const toRecord = wanted.filter(({ row }) => claimed.has(row.key));
    const records = await namelessRecords(
      tx,
      toRecord.map(({ row }) => row),
    );
    const recorded =
      toRecord.length === 0
        ? []
        : await tx
            .insert(donations)
            .values(
              toRecord.map(({ row, id }) => ({
                ...offlineGiftValues(row.gift!, { timeZone: ctx.timeZone, now: ctx.now }),
                id,
                donorId: row.gift!.email ? null : records.get(nameAndAddress(row.gift!)),
              })),
            )
            .returning();
    const order = new Map<string, number>(toRecord.map(({ id }, i) => [id, i]));
    recorded.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    let mailed = 0;
    if (input.mailReceipts) {
      for (const gift of recorded) {
        if (await enqueueReceiptIfDue(tx, gift, { links: ctx.links, now: ctx.now })) mailed += 1;
      }
    }
    const skipped = rows.length - recorded.length;
    await recordAuditBy(tx, ctx, {
      action: 'gifts-imported',
      target: input.fileName,
      details: {
        rows: rows.length,
        imported: recorded.length,
        skipped,
        amountCents: recorded.reduce((sum, g) => sum + g.amountCents, 0),
        mailedReceipts: mailed,
      },
    });
    return {
      imported: recorded.length,
      skipped,
      receiptNumbers: recorded.map((g) => g.receiptNumber ?? ''),
      mailed,
    };
  });
}
