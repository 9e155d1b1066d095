import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/client';
import { createTestDatabase } from '../../../tests/helpers/database';
import { createLinkSigner, loadLinkSigner } from './signed-link';

const now = new Date('2026-11-22T12:00:00Z');
const inAMonth = new Date('2026-12-22T12:00:00Z');

describe('signed links', () => {
  const signer = createLinkSigner(randomBytes(32));

  it('verifies its own token for the same purpose before it expires', () => {
    const token = signer.sign('manage-gift', 'sub_123', inAMonth);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(signer.verify('manage-gift', token, now)).toEqual({
      ok: true,
      subject: 'sub_123',
      expiresAt: inAMonth,
    });
  });

  it('refuses an expired token, saying so', () => {
    const token = signer.sign('manage-gift', 'sub_123', inAMonth);
    expect(signer.verify('manage-gift', token, inAMonth)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token for another purpose, an edited subject, another key and junk', () => {
    const token = signer.sign('manage-gift', 'sub_123', inAMonth);
    expect(signer.verify('cancel-ojc-gift', token, now)).toEqual({ ok: false, reason: 'invalid' });

    const [, signature] = token.split('.');
    const edited = Buffer.from(JSON.stringify({ p: 'manage-gift', s: 'sub_999', e: 4e9 }));
    expect(
      signer.verify('manage-gift', `${edited.toString('base64url')}.${signature}`, now),
    ).toEqual({ ok: false, reason: 'invalid' });

    const other = createLinkSigner(randomBytes(32));
    expect(other.verify('manage-gift', token, now)).toEqual({ ok: false, reason: 'invalid' });
    for (const junk of ['', '.', 'abc', 'a.b.c', `${token}.x`, `x${token}`]) {
      expect(signer.verify('manage-gift', junk, now)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});

describe('the site key', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('is made once and shared: a second signer (another instance, a restart) accepts the first one’s links', async () => {
    const [first, second] = await Promise.all([
      loadLinkSigner(database.db),
      loadLinkSigner(database.db),
    ]);
    const third = await loadLinkSigner(database.db);
    const token = first.sign('manage-gift', 'sub_1', inAMonth);
    expect(second.verify('manage-gift', token, now).ok).toBe(true);
    expect(third.verify('manage-gift', token, now).ok).toBe(true);
  });
});
