import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '~/db/client';
import { appSecrets } from '~/db/schema';
import { createTestDatabase } from '~tests/helpers/database';
import { createSecretBox, deriveAppKey, secondFactorSecretBox } from '~/server/auth/secret-box';
import {
  createLinkSigner,
  LEGACY_LINK_KEY,
  LEGACY_LINK_KEY_RETIRE_AT,
  loadSiteKeys,
  signedUrl,
} from './signed-link';

const now = new Date('2026-11-22T12:00:00Z');
const inAMonth = new Date('2026-12-22T12:00:00Z');

describe('signed links', () => {
  const signer = createLinkSigner(randomBytes(32));

  it('make an emailed link: the page on the public address, its token expiring days later', () => {
    const url = new URL(
      signedUrl(
        { linkSigner: signer, publicUrl: 'https://tziyun.test' },
        { purpose: 'cancel-ojc-gift', subject: 'gift-1', path: '/donate/cancel', days: 30 },
        now,
      ),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://tziyun.test/donate/cancel');
    expect(signer.verify('cancel-ojc-gift', url.searchParams.get('token')!, now)).toEqual({
      ok: true,
      subject: 'gift-1',
      expiresAt: inAMonth,
    });
  });

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

describe('the site keys (ADR 020)', () => {
  // Test values, not real secrets.
  const secretA = 'test-only-app-secret-a-0123456789abcdef';
  const secretB = 'test-only-app-secret-b-0123456789abcdef';
  const env = (APP_SECRET?: string) => ({
    APP_SECRET,
    NODE_ENV: 'test' as const,
    DATA_DIR: './data',
    DATABASE_URL: undefined,
  });
  const day = 24 * 60 * 60 * 1000;
  const at = (days: number) => new Date(now.getTime() + days * day);

  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(appSecrets);
  });

  it('keeps no link key in the database: a token forged with whatever app_secrets holds is refused', async () => {
    const { linkSigner } = await loadSiteKeys(database.db, { env: env(secretA), now });
    expect(
      linkSigner.verify('manage-gift', linkSigner.sign('manage-gift', 's', inAMonth), now).ok,
    ).toBe(true);
    const rows = await database.db.select().from(appSecrets);
    expect(rows.map((row) => row.name)).not.toContain(LEGACY_LINK_KEY);
    for (const row of rows) {
      const forged = createLinkSigner(Buffer.from(row.value, 'base64url')).sign(
        'manage-gift',
        'sub_forged',
        inAMonth,
      );
      expect(linkSigner.verify('manage-gift', forged, now)).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
  });

  it('derives the link key from APP_SECRET: a token signed under one secret fails under another and holds under the same one (another instance)', async () => {
    const { linkSigner: a } = await loadSiteKeys(database.db, { env: env(secretA), now });
    const { linkSigner: again } = await loadSiteKeys(database.db, { env: env(secretA), now });
    const { linkSigner: b } = await loadSiteKeys(database.db, { env: env(secretB), now });
    const token = a.sign('manage-gift', 'sub_1', inAMonth);
    expect(again.verify('manage-gift', token, now).ok).toBe(true);
    expect(b.verify('manage-gift', token, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(
      createLinkSigner(deriveAppKey(secretA, 'second-factor-box')).verify('manage-gift', token, now)
        .ok,
    ).toBe(false);
  });

  it('keeps verifying links signed with the legacy stored key within their window, never later ones, and drops the key after it', async () => {
    const legacyKey = randomBytes(32);
    await database.db
      .insert(appSecrets)
      .values({ name: LEGACY_LINK_KEY, value: legacyKey.toString('base64url') });
    const legacy = createLinkSigner(legacyKey);
    const sentLastWeek = legacy.sign('manage-gift', 'sub_old', at(53));
    const forgedLater = legacy.sign('manage-gift', 'sub_forged', at(61));

    const { linkSigner } = await loadSiteKeys(database.db, { env: env(secretA), now });
    expect(linkSigner.verify('manage-gift', sentLastWeek, now)).toEqual({
      ok: true,
      subject: 'sub_old',
      expiresAt: at(53),
    });
    expect(linkSigner.verify('manage-gift', forgedLater, now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    // It verifies only: new links are signed with the derived key.
    expect(legacy.verify('manage-gift', linkSigner.sign('manage-gift', 's', at(1)), now).ok).toBe(
      false,
    );

    // The window is fixed on the first boot: a restart ten days on does not stretch it.
    const [retireAt] = await database.db
      .select()
      .from(appSecrets)
      .where(eq(appSecrets.name, LEGACY_LINK_KEY_RETIRE_AT));
    expect(new Date(retireAt!.value)).toEqual(at(60));
    const { linkSigner: restarted } = await loadSiteKeys(database.db, {
      env: env(secretA),
      now: at(10),
    });
    expect(restarted.verify('manage-gift', sentLastWeek, at(10)).ok).toBe(true);
    const forgedAfterRestart = legacy.sign('manage-gift', 'sub_forged', at(65));
    expect(restarted.verify('manage-gift', forgedAfterRestart, at(10)).ok).toBe(false);

    // After the window the legacy key and its date are deleted.
    const { linkSigner: later } = await loadSiteKeys(database.db, {
      env: env(secretA),
      now: at(60.5),
    });
    expect(await database.db.select().from(appSecrets)).toEqual([]);
    const forgedNow = legacy.sign('manage-gift', 'sub_forged', at(61));
    expect(later.verify('manage-gift', forgedNow, at(60.5))).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses to start in production on PostgreSQL without APP_SECRET', async () => {
    await expect(
      loadSiteKeys(database.db, {
        env: { ...env(), NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db:5432/tziyun' },
        now,
      }),
    ).rejects.toThrow(/APP_SECRET is not set: every instance .* must not live in the database/);
  });

  it('without APP_SECRET makes DATA_DIR/app-secret once (mode 0600), warns in production, and reuses it on the next boot', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tziyun-app-secret-'));
    try {
      const warn = vi.fn();
      const settings = { ...env(), NODE_ENV: 'production' as const, DATA_DIR: dataDir };
      const { linkSigner: first } = await loadSiteKeys(database.db, {
        env: settings,
        log: { warn },
        now,
      });
      const file = join(dataDir, 'app-secret');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const secret = (await readFile(file, 'utf8')).trim();
      expect(secret.length).toBeGreaterThanOrEqual(32);
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/APP_SECRET is not set.*Set APP_SECRET/),
      );
      expect(JSON.stringify(warn.mock.calls)).not.toContain(secret);

      const token = first.sign('manage-gift', 'sub_1', inAMonth);
      const { linkSigner: second } = await loadSiteKeys(database.db, { env: settings, now });
      expect((await readFile(file, 'utf8')).trim()).toBe(secret);
      expect(second.verify('manage-gift', token, now).ok).toBe(true);
      const { linkSigner: fromSetting } = await loadSiteKeys(database.db, {
        env: env(secret),
        now,
      });
      expect(fromSetting.verify('manage-gift', token, now).ok).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('derives the second-factor box key from APP_SECRET and drops the stored one: a sealed value opens under the same secret, not another', async () => {
    const storedKey = randomBytes(32);
    await database.db
      .insert(appSecrets)
      .values({ name: 'second-factor-key', value: storedKey.toString('base64url') });
    await loadSiteKeys(database.db, { env: env(secretA), now });
    const box = await secondFactorSecretBox(database.db);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(createSecretBox(deriveAppKey(secretA, 'second-factor-box')).open(sealed, 'user-1')).toBe(
      'JBSWY3DPEHPK3PXP',
    );
    expect(
      createSecretBox(deriveAppKey(secretB, 'second-factor-box')).open(sealed, 'user-1'),
    ).toBeNull();
    expect(
      createSecretBox(deriveAppKey(secretA, 'link-signing')).open(sealed, 'user-1'),
    ).toBeNull();
    expect(createSecretBox(storedKey).open(sealed, 'user-1')).toBeNull();
    expect(await database.db.select().from(appSecrets)).toEqual([]);
  });
});
