import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane. The parameters are
 * stored in each hash, so raising them later leaves existing hashes verifiable.
 */
export const argon2Options = {
  algorithm: 2, // Argon2id (the package's const enum cannot be imported under isolatedModules)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

/** False for a wrong password and for a malformed hash; never throws. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a password nobody knows, verified against when the username does not exist, so an
 * unknown name costs the same time as a wrong password and the answer's timing tells nothing.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}
