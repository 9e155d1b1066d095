import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_APP_SECRET } from '~tests/helpers/app';
import { sample } from '~/server/services/media/media-test-kit';
import { checksumsName, databaseFileNames, manifestName, mediaEntryName } from './archive-format';
import { runBackupCli } from './backup-cli';
import { packTar } from './tar';

/**
 * Restores of archives made by hand to look like backups of the embedded database: their
 * checksums match, so only the snapshot itself can tell. Whatever the database's settings in
 * this run, the restore targets the embedded database (DATABASE_URL is not passed on).
 */
const temporary: string[] = [];
async function tempDir(name: string) {
  const dir = await mkdtemp(join(tmpdir(), `tziyun-crafted-${name}-`));
  temporary.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

const photo = `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.png`;

/** A well-formed archive around `database` (and one photo), its checksums made to match. */
async function craftedArchive(database: Buffer) {
  const png = sample.png();
  const manifest = {
    format: 'tziyun-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database: { kind: 'pglite', file: databaseFileNames.pglite },
    media: [{ name: photo, kind: 'photo', size: png.length }],
    missingMedia: [],
  };
  const files = [
    { name: manifestName, data: Buffer.from(JSON.stringify(manifest)) },
    { name: databaseFileNames.pglite, data: database },
    { name: mediaEntryName(photo), data: png },
  ];
  const sums = files.map(
    (f) => `${createHash('sha256').update(f.data).digest('hex')}  ${f.name}\n`,
  );
  const path = join(await tempDir('archive'), 'crafted.tar');
  await writeFile(
    path,
    packTar([...files, { name: checksumsName, data: Buffer.from(sums.join('')) }]),
  );
  return path;
}

async function restore(archive: string, dataDir: string, ...flags: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runBackupCli('restore', [archive, ...flags], {
    env: { NODE_ENV: 'test', APP_SECRET: TEST_APP_SECRET, DATA_DIR: dataDir },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const pgControl = { name: 'global/pg_control', data: randomBytes(8192) };
const pgVersion = { name: 'PG_VERSION', data: Buffer.from('17\n') };

describe('restoring a crafted embedded-database snapshot', { timeout: 60_000 }, () => {
  it('refuses one that is not a copy of PostgreSQL’s files, in plain words, before any change', async () => {
    const crafted: [string, Buffer, RegExp][] = [
      ['not gzip', randomBytes(4096), /it is not gzip-compressed/],
      ['gzip of no tar', gzipSync(randomBytes(4096)), /an entry header is damaged/],
      [
        'other files',
        gzipSync(packTar([{ name: 'notes.txt', data: Buffer.from('hello') }])),
        /notes\.txt is not a file of PostgreSQL's/,
      ],
      [
        'a way out of the folder',
        gzipSync(packTar([pgVersion, { name: '../../escaped', data: Buffer.from('x') }])),
        /\.\.\/\.\.\/escaped is not a path inside the database's folder/,
      ],
      ['no pg_control', gzipSync(packTar([pgVersion])), /global\/pg_control missing/],
    ];
    for (const [what, database, detail] of crafted) {
      const parent = await tempDir('target');
      const dataDir = join(parent, 'data');
      const res = await restore(await craftedArchive(database), dataDir);
      expect(res.code, what).toBe(1);
      expect(res.out, what).toBe('');
      expect(res.err, what).toMatch(
        /is not a Tziyun backup, or it is damaged \(its database is not a copy of an embedded database: .*\)\. Nothing was changed\.$/,
      );
      expect(res.err, what).toMatch(detail);
      expect(res.err, what).not.toMatch(/\n\s+at /);
      expect(await readdir(parent), what).toEqual([]);
    }
  });

  it('takes back what it wrote when PostgreSQL will not start on the copy', async () => {
    // Shaped like a snapshot, so only PostgreSQL can tell: its control file is noise.
    const archive = await craftedArchive(
      gzipSync(packTar([pgVersion, { name: 'global/' }, pgControl, { name: 'base/' }])),
    );

    const parent = await tempDir('fresh');
    const fresh = join(parent, 'data');
    const res = await restore(archive, fresh);
    expect(res.code).toBe(1);
    expect(res.err).toBe(
      `${archive} holds a database copy the embedded database cannot open: it is damaged, or it was not made by this site's backup. Nothing was changed.`,
    );
    expect(await readdir(parent)).toEqual([]);

    // An existing, empty DATA_DIR with the site's own files beside the database's: kept.
    const existing = await tempDir('existing');
    await mkdir(join(existing, 'outbox'));
    await writeFile(join(existing, 'app-secret'), 'kept', { mode: 0o600 });
    const again = await restore(archive, existing);
    expect(again.code).toBe(1);
    expect(again.err).toContain('Nothing was changed.');
    expect((await readdir(existing)).sort()).toEqual(['app-secret', 'outbox']);

    // Over a database with --force: the old one is gone, as asked, and the message says so.
    await writeFile(join(existing, 'PG_VERSION'), '17\n');
    const forced = await restore(archive, existing, '--force');
    expect(forced.code).toBe(1);
    expect(forced.err).toBe(
      `${archive} holds a database copy the embedded database cannot open: it is damaged, or it was not made by this site's backup. What ${existing} held before was removed (--force), and nothing was restored in its place: restore another backup.`,
    );
    expect((await readdir(existing)).sort()).toEqual(['app-secret', 'outbox']);
  });
});
