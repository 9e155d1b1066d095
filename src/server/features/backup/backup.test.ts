import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, open, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '~/db/client';
import { dataDirLockName } from '~/db/data-dir-lock';
import { TEST_APP_SECRET, buildTestApp } from '~tests/helpers/app';
import { createTestDatabase } from '~tests/helpers/database';
import { insertDonations } from '~tests/helpers/donations';
import { activeMember, aName, namesSession, withSession } from '~tests/helpers/prayer-names';
import { signIn } from '~tests/helpers/admin';
import { freePort, startS3StandIn, type S3StandIn } from '~tests/helpers/s3-stand-in';
import { addTeam } from '~tests/helpers/campaign-teams';
import { liveCampaign } from '~tests/helpers/campaigns';
import { recordOfflineGift } from '~tests/helpers/offline-gifts';
import { phonePhoto } from '~tests/helpers/photos';
import {
  postPhoto,
  s3Settings,
  sample,
  sendVideoForm,
  videoFile,
} from '~/server/services/media/media-test-kit';
import { photoNamesIn } from '~/server/features/site-photos';
import { createMediaStoreFromEnv } from '~/server/services/media';
import { parseEnv } from '~/server/env';
import { checksumsName } from './archive-format';
import { runBackupCli } from './backup-cli';
import { serveBackupsWhileRunning } from './serve-backups';
import { packTar, readTar } from './tar';

/**
 * A site with donations, members, prayer names and an uploaded video (and one with a campaign's,
 * a team's and a cheque's photos), backed up while it runs, restored into a fresh place, compared
 * row by row and file by file. On the embedded database
 * under `npm test`, on PostgreSQL under `npm run test:pg`.
 */
const onPostgres = Boolean(process.env.DATABASE_URL && inject('pgTemplate'));
const driver = onPostgres ? 'PostgreSQL' : 'the embedded database';

const temporary: string[] = [];
async function tempDir(name: string) {
  const dir = await mkdtemp(join(tmpdir(), `tziyun-backup-${name}-`));
  temporary.push(dir);
  return dir;
}

async function cli(command: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runBackupCli(command, args, {
    env: { NODE_ENV: 'test', APP_SECRET: TEST_APP_SECRET, ...env },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** An empty PostgreSQL database (createdb), dropped after the file. */
const emptyDatabases: string[] = [];
async function emptyPostgresDatabase() {
  const name = `tziyun_restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  emptyDatabases.push(name);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  if (emptyDatabases.length > 0) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    for (const name of emptyDatabases)
      await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = (result: unknown) => (result as Rows).rows;

/** Every table (the app's and the migrations'), with its row count and a digest of its rows. */
async function contents(db: DatabaseHandle['db']) {
  const tables = rowsOf(
    await db.execute(sql`select table_schema as s, table_name as t from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`),
  ) as { s: string; t: string }[];
  const result: Record<string, string> = {};
  for (const { s, t } of tables) {
    const table = sql.raw(`"${s}"."${t}"`);
    const [row] = rowsOf(
      await db.execute(
        sql`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${table} x`,
      ),
    );
    result[`${s}.${t}`] = `${row!.n} ${row!.digest}`;
  }
  return result;
}

async function mediaOf(dataDir: string) {
  const dir = join(dataDir, 'media');
  const names = (await readdir(dir)).filter((name) => !name.startsWith('.')).sort();
  return Object.fromEntries(
    await Promise.all(
      names.map(async (name) => [name, (await readFile(join(dir, name))).toString('base64')]),
    ),
  );
}

/** Every file and folder under `dir` that anyone but its owner may read or enter. */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true })) {
    const mode = (await stat(join(dir, entry))).mode & 0o777;
    if (mode & 0o077) found.push(`${entry} ${mode.toString(8)}`);
  }
  if ((await stat(dir)).mode & 0o077) found.push('(the folder itself)');
  return found;
}

/** A running site in a fresh DATA_DIR (its database open as the server has it), its settings. */
async function startSite(settings: Record<string, string> = {}) {
  const dataDir = await tempDir('site');
  let database: DatabaseHandle & { url?: string };
  let siteEnv: Record<string, string>;
  let stopServing = async () => {};
  if (onPostgres) {
    database = await createTestDatabase();
    siteEnv = { DATA_DIR: dataDir, DATABASE_URL: database.url!, ...settings };
  } else {
    // The running site: the embedded database open in DATA_DIR, as the server has it.
    const snapshot = new Blob([await readFile(inject('pgliteSnapshot')!)]);
    database = await openDatabase({ dataDir, snapshot, purpose: "the site's server" });
    stopServing = await serveBackupsWhileRunning(database, dataDir, { info() {}, warn() {} });
    siteEnv = { DATA_DIR: dataDir, ...settings };
  }
  const site = await buildTestApp({ DATA_DIR: dataDir, ...settings }, undefined, { database });
  const stop = async () => {
    await site.close();
    await stopServing();
    await database.close();
  };
  return { site, database, dataDir, siteEnv, stop };
}

/** A published video with its thumbnail and captions: three media files. */
async function uploadVideo(site: Awaited<ReturnType<typeof buildTestApp>>) {
  const admin = await signIn(site);
  const uploaded = await sendVideoForm(Object.assign(site, { admin, mediaDir: '' }), admin, {
    fields: { title: 'Uploaded teaching', isPublished: 'true' },
    files: [
      videoFile(sample.mp4(200_000)),
      { field: 'thumbnailFile', filename: 't.png', contentType: 'image/png', data: sample.png() },
      { field: 'captionsFile', filename: 'c.vtt', contentType: 'text/vtt', data: sample.vtt() },
    ],
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
}

/** A fresh place to restore into, and the settings that name it. */
async function freshTarget(settings: Record<string, string> = {}) {
  const restoredDir = await tempDir('restored');
  const env: Record<string, string> = { DATA_DIR: restoredDir, ...settings };
  if (onPostgres) env.DATABASE_URL = await emptyPostgresDatabase();
  return { restoredDir, env };
}

async function restoredContents(env: Record<string, string>) {
  const handle = env.DATABASE_URL
    ? await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 1 })
    : await openDatabase({ dataDir: env.DATA_DIR!, purpose: 'the test' });
  try {
    return await contents(handle.db);
  } finally {
    await handle.close();
  }
}

// Each PGlite start (a restore, a check of what was restored) takes seconds on a busy machine.
describe(`backup and restore on ${driver}`, { timeout: 60_000 }, () => {
  let site: Awaited<ReturnType<typeof buildTestApp>>;
  let database: DatabaseHandle & { url?: string };
  let dataDir: string;
  let siteEnv: Record<string, string>;
  let stop = async () => {};
  let archive: string;
  /** Where the first test restored to. */
  let restoredOnce: { restoredDir: string; env: Record<string, string> };

  beforeAll(async () => {
    ({ site, database, dataDir, siteEnv, stop } = await startSite());

    await insertDonations(site, [{}, { donorName: 'Moshe Levi', amountCents: 18000 }]);
    await activeMember(site, 'rivka@example.org');
    const session = await namesSession(site, 'rivka@example.org');
    const named = await withSession(site, session, 'POST', '/api/prayer-names', aName());
    expect(named.statusCode, named.body).toBe(200);
    await uploadVideo(site);

    archive = join(await tempDir('out'), 'site.tar');
  }, 60_000);

  afterAll(() => stop());

  it('backs up the running site and restores every row and file into a fresh place', async () => {
    const backup = await cli('backup', ['--out', archive], siteEnv);
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.out).toContain(`Wrote ${archive}`);
    expect(backup.out).toContain('the database and 3 media files');
    if (!onPostgres) expect(backup.out).toContain("handed over by the site's server");

    const { restoredDir, env } = await freshTarget();
    restoredOnce = { restoredDir, env };
    const restored = await cli('restore', [archive], env);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toContain('the database and 3 media files');

    const before = await contents(database.db);
    for (const table of ['donations', 'members', 'prayer_names', 'videos']) {
      expect(Number(before[`public.${table}`]!.split(' ')[0]), table).toBeGreaterThan(0);
    }
    expect(await restoredContents(env)).toEqual(before);
    const media = await mediaOf(dataDir);
    expect(Object.keys(media)).toHaveLength(3);
    expect(await mediaOf(restoredDir)).toEqual(media);

    // The archive and everything restored are the site's user's alone.
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    expect(await openToOthers(restoredDir)).toEqual([]);
  });

  it('refuses a target that is not empty, and replaces it with --force', async () => {
    const { restoredDir, env } = restoredOnce;
    await writeFile(
      join(restoredDir, 'media', `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.png`),
      sample.png(),
    );

    const again = await cli('restore', [archive], env);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already holds|is not empty/);
    expect(again.err).toContain('--force');
    expect(again.err).toContain('Nothing was changed.');

    const forced = await cli('restore', [archive, '--force'], env);
    expect(forced.err).toBe('');
    expect(forced.code).toBe(0);
    expect(await restoredContents(env)).toEqual(await contents(database.db));
    expect(await mediaOf(restoredDir)).toEqual(await mediaOf(dataDir));
  });

  it('refuses an archive of the other kind of database', async () => {
    const other: Record<string, string> = { DATA_DIR: await tempDir('other') };
    if (!onPostgres) other.DATABASE_URL = 'postgres://nobody@127.0.0.1:1/none';
    const res = await cli('restore', [archive], other);
    expect(res.code).toBe(1);
    expect(res.err).toContain(onPostgres ? 'holds PostgreSQL' : 'holds the embedded database');
    expect(res.err).toContain('Nothing was changed.');
  });

  it('refuses a missing, unreadable, damaged or cut archive, and changes nothing', async () => {
    const { restoredDir, env } = await freshTarget();
    const dir = await tempDir('bad');
    const bytes = await readFile(archive);

    const missing = await cli('restore', [join(dir, 'none.tar')], env);
    expect(missing.err).toBe(`There is no file ${join(dir, 'none.tar')}.`);

    const garbage = join(dir, 'garbage.tar');
    await writeFile(garbage, randomBytes(4096));
    expect((await cli('restore', [garbage], env)).err).toMatch(
      /is not a Tziyun backup, or it is damaged/,
    );

    const empty = join(dir, 'empty.tar');
    await writeFile(empty, '');
    expect((await cli('restore', [empty], env)).err).toMatch(/is not a Tziyun backup/);

    const cut = join(dir, 'cut.tar');
    await writeFile(cut, bytes);
    await truncate(cut, Math.floor(bytes.length / 2));
    expect((await cli('restore', [cut], env)).err).toMatch(/damaged \(.*cut short|ends before/);

    // One byte changed inside the video: only the checksums can tell.
    const flipped = Buffer.from(bytes);
    const at = flipped.indexOf(sample.mp4(200_000).subarray(0, 32)) + 100_000;
    flipped[at] = flipped[at]! ^ 0xff;
    const damaged = join(dir, 'damaged.tar');
    await writeFile(damaged, flipped);
    const res = await cli('restore', [damaged], env);
    expect(res.code).toBe(1);
    expect(res.err).toContain('does not match its checksum');

    const directory = await cli('restore', [dir], env);
    expect(directory.err).toBe(`${dir} is a folder, not a backup file.`);

    // Nothing was restored by any of them.
    expect(await readdir(restoredDir)).toEqual([]);
  });

  it('asks for what is missing on the command line', async () => {
    const noOut = await cli('backup', [], siteEnv);
    expect(noOut.code).toBe(1);
    expect(noOut.err).toContain('Say where to write the backup with --out FILE.');
    expect(noOut.err).toContain('Usage: npm run backup -- --out FILE');

    const unknown = await cli('backup', ['--out', archive, '--compress'], siteEnv);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('--compress');

    const exists = await cli('backup', ['--out', archive], siteEnv);
    expect(exists.code).toBe(1);
    expect(exists.err).toContain('already exists');

    const noFolder = await cli('backup', ['--out', join(archive, 'x', 'y.tar')], siteEnv);
    expect(noFolder.err).toContain('does not exist: create it first.');

    const noFile = await cli('restore', [], siteEnv);
    expect(noFile.code).toBe(1);
    expect(noFile.err).toContain('Name the backup file to restore.');

    const badSetting = await cli('backup', ['--out', `${archive}.2`], { ...siteEnv, PORT: 'x' });
    expect(badSetting.code).toBe(1);
    expect(badSetting.err).toContain('PORT');
  });

  it(
    onPostgres
      ? 'says which pg_dump or pg_restore is needed when it is missing or too old'
      : 'refuses to restore into a data directory a running server holds, or to back up one with no database',
    async () => {
      if (onPostgres) {
        const path = process.env.PATH;
        // Stand-ins that only answer --version, as an old client would.
        const old = await tempDir('old-client');
        for (const tool of ['pg_dump', 'pg_restore']) {
          await writeFile(join(old, tool), '#!/bin/sh\necho "$0 (PostgreSQL) 9.6.24"\n', {
            mode: 0o755,
          });
        }
        try {
          process.env.PATH = '/nonexistent';
          const missing = await cli('backup', ['--out', `${archive}.nopath`], siteEnv);
          expect(missing.code).toBe(1);
          expect(missing.err).toContain('pg_dump was not found');

          process.env.PATH = old;
          const tooOld = await cli('backup', ['--out', `${archive}.old`], siteEnv);
          expect(tooOld.code).toBe(1);
          expect(tooOld.err).toMatch(
            /^pg_dump is version 9 but the PostgreSQL server is version \d+: pg_dump must be at least/,
          );
          const { env } = await freshTarget();
          const oldRestore = await cli('restore', [archive], env);
          expect(oldRestore.code).toBe(1);
          expect(oldRestore.err).toMatch(
            /^pg_restore is version 9 but the archive was written by pg_dump \d+/,
          );
        } finally {
          process.env.PATH = path;
        }
        return;
      }
      const held = await cli('restore', [archive, '--force'], siteEnv);
      expect(held.code).toBe(1);
      expect(held.err).toContain("The site's server (process");
      expect(held.err).toContain('Stop it before restoring');
      expect(await readFile(join(dataDir, dataDirLockName), 'utf8')).toContain(String(process.pid));

      // With no server running, the command opens the directory itself.
      const stopped = await tempDir('stopped');
      const snapshot = new Blob([await readFile(inject('pgliteSnapshot')!)]);
      await (await openDatabase({ dataDir: stopped, snapshot, purpose: 'the test' })).close();
      const offline = await cli('backup', ['--out', `${archive}.offline`], { DATA_DIR: stopped });
      expect(offline.err).toBe('');
      expect(offline.out).toContain(`Backed up the embedded database in ${stopped}.`);
      expect(await readdir(stopped)).not.toContain(dataDirLockName);

      const nothing = await cli('backup', ['--out', `${archive}.none`], {
        DATA_DIR: await tempDir('nothing'),
      });
      expect(nothing.code).toBe(1);
      expect(nothing.err).toContain('There is no embedded database in');
    },
  );

  it('keeps every row with its files when a video is uploaded during the backup', async () => {
    const admin = await signIn(site);
    const folder = await tempDir('during');
    const during = join(folder, 'during.tar');
    const [backup, upload] = await Promise.all([
      // A path as typed in the shell: npm runs the script in the project folder, INIT_CWD says where.
      cli('backup', ['--out', 'during.tar'], { ...siteEnv, INIT_CWD: folder }),
      sendVideoForm(Object.assign(site, { admin, mediaDir: '' }), admin, {
        fields: { title: 'Uploaded during the backup' },
        files: [videoFile(sample.webm(50_000), 'talk.webm', 'video/webm')],
      }),
    ]);
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toContain(`Wrote ${during} `);
    expect(upload.statusCode, upload.body).toBe(201);

    const { restoredDir, env } = await freshTarget();
    expect((await cli('restore', [during], env)).code).toBe(0);
    const handle = env.DATABASE_URL
      ? await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 1 })
      : await openDatabase({ dataDir: restoredDir, purpose: 'the test' });
    try {
      const named = rowsOf(
        await handle.db.execute(
          sql`select unnest(array[video_file, thumbnail_file, captions_file]) as name from videos`,
        ),
      )
        .map((row) => row.name as string | null)
        .filter(Boolean);
      expect(named.length).toBeGreaterThanOrEqual(3);
      expect(Object.keys(await mediaOf(restoredDir)).sort()).toEqual([...named].sort());
    } finally {
      await handle.close();
    }
  });

  it('backs up a site whose video file was lost, and says which', async () => {
    const mediaDir = join(dataDir, 'media');
    const [lost] = (await readdir(mediaDir)).filter((name) => name.endsWith('.png'));
    const bytes = await readFile(join(mediaDir, lost!));
    await rm(join(mediaDir, lost!));
    try {
      const out = join(await tempDir('lost'), 'lost.tar');
      const res = await cli('backup', ['--out', out], siteEnv);
      expect(res.code).toBe(0);
      expect(res.err).toContain(`the database names 1 file that was already missing`);
      expect(res.err).toContain(lost);

      const { restoredDir, env } = await freshTarget();
      expect((await cli('restore', [out], env)).code).toBe(0);
      const restored = await mediaOf(restoredDir);
      expect(Object.keys(restored)).not.toContain(lost);
      expect(Object.keys(restored).length).toBeGreaterThan(0);
    } finally {
      await writeFile(join(mediaDir, lost!), bytes);
    }
  });
});

describe(`backup and restore of the campaigns' photos on ${driver}`, { timeout: 60_000 }, () => {
  let running: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    running = await startSite();
  }, 60_000);
  afterAll(() => running?.stop());

  it("gives back a campaign's photo, its team's photo and a cheque's photo", async () => {
    const app = Object.assign(running.site, { admin: await signIn(running.site), mediaDir: '' });
    const campaign = await liveCampaign(app, app.admin);
    const team = await addTeam(app, app.admin, campaign.id);
    const photoNames: string[] = [];
    for (const url of [
      `/api/admin/campaigns/${campaign.id}/photo`,
      `/api/admin/campaigns/${campaign.id}/teams/${team.id}/photo`,
    ]) {
      const res = await postPhoto(app, url, await phonePhoto(), app.admin.headers);
      expect(res.statusCode, res.body).toBe(200);
      photoNames.push(...photoNamesIn(res.json().photo));
    }
    // The cheque's photo is kept in the database itself, not among the media.
    const gift = await recordOfflineGift(app, app.admin.headers);
    const cheque = `/api/admin/offline-gifts/${gift.id}/photo`;
    const sent = await postPhoto(app, cheque, await phonePhoto(), app.admin.headers);
    expect(sent.statusCode, sent.body).toBe(204);
    const media = await mediaOf(running.dataDir);
    expect(Object.keys(media)).toEqual([...photoNames].sort());

    const archive = join(await tempDir('photos'), 'photos.tar');
    const backup = await cli('backup', ['--out', archive], running.siteEnv);
    expect(backup.err).toBe('');
    expect(backup.out).toContain(`the database and ${photoNames.length} media files`);
    const { restoredDir, env } = await freshTarget();
    const restored = await cli('restore', [archive], env);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);

    expect(await mediaOf(restoredDir)).toEqual(media);
    const before = await contents(running.database.db);
    expect(before['public.offline_gift_photos']).toMatch(/^1 /);
    expect(await restoredContents(env)).toEqual(before);
  });
});

/** Every stored file and its bytes, read through the store the settings name. */
async function storedMedia(env: Record<string, string>) {
  const store = createMediaStoreFromEnv(parseEnv({ NODE_ENV: 'test', ...env }));
  try {
    const names = await store.list();
    return Object.fromEntries(
      await Promise.all(
        names.map(async (name) => [
          name,
          (await buffer(await store.read(name))).toString('base64'),
        ]),
      ),
    );
  } finally {
    if (store.kind === 's3') store.close();
  }
}

describe(
  `backup and restore with the media in an S3 bucket, on ${driver}`,
  { timeout: 60_000 },
  () => {
    let bucket: S3StandIn;
    let site: Awaited<ReturnType<typeof startSite>>;
    let archive: string;

    beforeAll(async () => {
      bucket = await startS3StandIn();
      site = await startSite({ ...s3Settings(bucket), S3_PREFIX: 'site/media/' });
      await uploadVideo(site.site);
      archive = join(await tempDir('out'), 'site.tar');
    }, 60_000);

    afterAll(async () => {
      await site?.stop();
      await bucket?.close();
    });

    it('backs up the bucket with the database and restores both into a fresh prefix', async () => {
      const backup = await cli('backup', ['--out', archive], site.siteEnv);
      expect(backup.err).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.out).toContain('the database and 3 media files');
      expect(backup.out).toContain(`from the bucket ${bucket.bucket} (folder site/media/)`);

      const { restoredDir, env } = await freshTarget({
        ...s3Settings(bucket),
        S3_PREFIX: 'restored/',
      });
      const restored = await cli('restore', [archive], env);
      expect(restored.err).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.out).toContain(`into the bucket ${bucket.bucket} (folder restored/)`);

      expect(await restoredContents(env)).toEqual(await contents(site.database.db));
      const media = await storedMedia(site.siteEnv);
      expect(Object.keys(media)).toHaveLength(3);
      expect(await storedMedia(env)).toEqual(media);
      // Nothing went to the local folder.
      expect(await readdir(restoredDir)).not.toContain('media');

      // A file already in the target prefix: refused, then replaced with --force, through S3.
      const stray = `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.png`;
      const target = createMediaStoreFromEnv(parseEnv({ NODE_ENV: 'test', ...env }));
      await target.write(stray, Readable.from([sample.png()]));
      if (target.kind === 's3') target.close();
      const again = await cli('restore', [archive], env);
      expect(again.code).toBe(1);
      expect(again.err).toMatch(/already holds|is not empty/);
      expect(again.err).toContain('and a new bucket or S3_PREFIX, or run again with --force');
      const forced = await cli('restore', [archive, '--force'], env);
      expect(forced.err).toBe('');
      expect(forced.code).toBe(0);
      expect(await storedMedia(env)).toEqual(media);
    });

    it('refuses a media file in the archive that is not the kind its name says', async () => {
      // The PNG thumbnail's bytes made a JPEG of the same size, the checksums made to match.
      const source = await open(archive, 'r');
      const entries: { name: string; data: Buffer }[] = [];
      try {
        for await (const entry of readTar(source)) {
          if (entry.name === checksumsName) break;
          const data = await buffer(entry.body());
          const swapped = entry.name.endsWith('.png') ? sample.jpeg(data.length) : data;
          entries.push({ name: entry.name, data: swapped });
        }
      } finally {
        await source.close();
      }
      const sums = entries.map(
        ({ name, data }) => `${createHash('sha256').update(data).digest('hex')}  ${name}\n`,
      );
      entries.push({ name: checksumsName, data: Buffer.from(sums.join('')) });
      const swappedArchive = join(await tempDir('swapped'), 'swapped.tar');
      await writeFile(swappedArchive, packTar(entries));
      const png = entries.find((e) => e.name.endsWith('.png'))!.name.slice('media/'.length);

      const { env } = await freshTarget({ ...s3Settings(bucket), S3_PREFIX: 'swapped/' });
      const res = await cli('restore', [swappedArchive], env);
      expect(res.code).toBe(1);
      expect(res.err).toBe(`${png} in the archive is not the kind of file its name says.`);
      expect(Object.keys(await storedMedia(env))).not.toContain(png);
    });

    it('says so plainly when the bucket cannot be reached, and leaves no archive', async () => {
      const folder = await tempDir('unreachable');
      const gone = { S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` };
      const backup = await cli('backup', ['--out', join(folder, 'site.tar')], {
        ...site.siteEnv,
        ...gone,
      });
      expect(backup.code).toBe(1);
      expect(backup.out).toBe('');
      expect(backup.err).toBe(
        `The media storage, the bucket ${bucket.bucket} (folder site/media/), did not answer. No backup was written. Check MEDIA_STORE and the S3_ settings, and that the bucket can be reached from this machine, then try again.`,
      );
      expect(await readdir(folder)).toEqual([]);

      const { restoredDir, env } = await freshTarget({ ...s3Settings(bucket), ...gone });
      const restore = await cli('restore', [archive], env);
      expect(restore.code).toBe(1);
      expect(restore.err).toContain('did not answer. Nothing was changed.');
      expect(await readdir(restoredDir)).toEqual([]);
    });
  },
);
