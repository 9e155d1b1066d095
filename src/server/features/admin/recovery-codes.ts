import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { adminRecoveryCodes } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import {
  normalizeRecoveryCode,
  recoveryCodeAlphabet,
  recoveryCodeCount,
  recoveryCodeLength,
} from '~/shared/schemas/admin-second-factor';

/**
 * Recovery codes: 10 per account, each 80 random bits (16 characters of Crockford's base32),
 * shown once as `XXXX-XXXX-XXXX-XXXX`. The table keeps the SHA-256 of each: with 80 random bits
 * a fast hash is already beyond brute force (2^80 / 10 tries per hit), and a slow one (argon2id)
 * would make each recovery attempt cost ten 19 MiB hashes for nothing.
 */
export function newRecoveryCode(): string {
  const bytes = randomBytes(recoveryCodeLength);
  // 256 is a multiple of 32: each byte's low five bits are uniform over the alphabet.
  return Array.from(bytes, (b) => recoveryCodeAlphabet[b % 32]).join('');
}

/** For showing: four groups of four. */
export function formatRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)!.join('-');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('base64url');
}

/** Replaces the account's codes with 10 new ones; returns them formatted (shown this once). */
export async function issueRecoveryCodes(
  db: DatabaseExecutor,
  userId: string,
  now: Date,
): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await db
    .insert(adminRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), createdAt: now })));
  return codes.map(formatRecoveryCode);
}

/**
 * Uses up one code (already normalised by the contract): true if it was one of the account's
 * unused codes. One statement, so two requests with the same code cannot both succeed.
 */
export async function spendRecoveryCode(
  db: DatabaseExecutor,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(adminRecoveryCodes.userId, userId),
        eq(adminRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return used.length === 1;
}

export async function recoveryCodesLeft(db: DatabaseExecutor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}
