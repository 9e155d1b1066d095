import { createHash, randomBytes } from 'node:crypto';

/**
 * What a single-use emailed link carries besides its signature (the names page, 'My giving'):
 * the id of its row and a random nonce, of which only the SHA-256 is stored. The row's
 * `used_at` is set by one conditional UPDATE, so the link opens once.
 */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function newLinkNonce() {
  const nonce = randomBytes(32).toString('base64url');
  return { nonce, nonceHash: sha256(nonce) };
}

/** The signed subject of a link: `<row id>.<nonce>`. */
export const linkSubject = (id: string, nonce: string) => `${id}.${nonce}`;

/** The row and the hash of the nonce a verified subject names, or null if it is malformed. */
export function linkOfSubject(subject: string): { id: string; nonceHash: string } | null {
  const [id, nonce, extra] = subject.split('.');
  if (!id || !nonce || extra !== undefined) return null;
  return { id, nonceHash: sha256(nonce) };
}
