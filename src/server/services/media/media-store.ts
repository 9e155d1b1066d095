import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { privateDirMode, privateFileMode } from '~/db/private-files';
import { AppError } from '~/server/errors';

/**
 * Uploaded media on local disk (docs/decisions/011-video-storage-and-embeds.md): each upload
 * streams to a temporary file in `<dir>/.incoming`, is checked by its first bytes (never by its
 * name or the browser's content type) and by its size as it arrives, and only then is renamed
 * to its final name, so a half-written or refused file is never served. Final names are random
 * (`<uuid>.<ext>`), never reused, and carry the extension the content-type is served from.
 */

export const mediaKinds = ['video', 'thumbnail', 'captions', 'photo'] as const;
export type MediaKind = (typeof mediaKinds)[number];

export interface Format {
  ext: string;
  contentType: string;
  matches: (head: Buffer) => boolean;
}

const ascii = (head: Buffer, at: number, text: string) =>
  head.subarray(at, at + text.length).toString('latin1') === text;

/** ISO base media brands that are still images or audio, not video. */
const nonVideoBrands = new Set(['avif', 'avis', 'heic', 'heix', 'mif1', 'msf1', 'M4A ', 'M4B ']);

const imageFormats: Format[] = [
  { ext: 'jpg', contentType: 'image/jpeg', matches: (h) => h.readUIntBE(0, 3) === 0xffd8ff },
  {
    ext: 'png',
    contentType: 'image/png',
    matches: (h) => h.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  },
  {
    ext: 'webp',
    contentType: 'image/webp',
    matches: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP'),
  },
];

const formats: Record<MediaKind, Format[]> = {
  video: [
    {
      ext: 'mp4',
      contentType: 'video/mp4',
      matches: (h) =>
        ascii(h, 4, 'ftyp') && !nonVideoBrands.has(h.subarray(8, 12).toString('latin1')),
    },
    {
      // EBML with the WebM doc type (plain Matroska is refused: browsers play WebM only).
      ext: 'webm',
      contentType: 'video/webm',
      matches: (h) =>
        h.readUInt32BE(0) === 0x1a45dfa3 && h.subarray(0, 64).includes(Buffer.from('webm')),
    },
    { ext: 'ogv', contentType: 'video/ogg', matches: (h) => ascii(h, 0, 'OggS') },
  ],
  thumbnail: imageFormats,
  captions: [
    {
      ext: 'vtt',
      contentType: 'text/vtt',
      // Optional byte-order mark, then WEBVTT followed by a space, a tab or a line end.
      matches: (h) => /^(\uFEFF)?WEBVTT([ \t\r\n]|$)/.test(h.subarray(0, 16).toString('utf8')),
    },
  ],
  // The site content's photos (src/server/features/site-photos): the upload is checked against
  // these, and so is each size made from it.
  photo: imageFormats,
};

const contentTypes = new Map(
  Object.values(formats)
    .flat()
    .map((format) => [format.ext, format.contentType]),
);

/** The type a stored file is served as: the one its extension was given for, on upload. */
export const contentTypeOf = (name: string) =>
  contentTypes.get(name.slice(name.lastIndexOf('.') + 1));

export const refusedTypeMessages: Record<MediaKind, string> = {
  video: 'The video file must be an MP4, WebM or Ogg video.',
  thumbnail: 'The thumbnail must be a JPEG, PNG or WebP image.',
  captions: 'The captions must be a WebVTT (.vtt) file.',
  photo: 'The photo must be a JPEG, PNG or WebP image.',
};

const kindLabels: Record<MediaKind, string> = {
  video: 'video file',
  thumbnail: 'thumbnail',
  captions: 'captions file',
  photo: 'photo',
};

/** Bytes read before deciding what a file is: every signature above fits. */
const HEAD_BYTES = 64;

/** What names a stored file may have: the only paths /media serves. */
export const storedNamePattern = /^[0-9a-f-]{36}\.(mp4|webm|ogv|jpg|png|webp|vtt)$/;

/** A stored file by name and kind, as the backup copies it and the site's content names it. */
export interface StoredMediaRef {
  name: string;
  kind: MediaKind;
}

export interface ReceivedFile {
  kind: MediaKind;
  /** The name it will have once kept. */
  name: string;
  contentType: string;
  size: number;
  /** Where the bytes are until kept: a path (local), or the object's key (S3, already final). */
  tempPath: string;
}

function sniff(kind: MediaKind, head: Buffer): Format {
  const format = head.length >= 4 ? formats[kind].find((f) => f.matches(head)) : undefined;
  if (!format) throw new AppError('unsupported_media_type', refusedTypeMessages[kind]);
  return format;
}

/**
 * Counts and checks the bytes as they pass: the type once the head is in, the size always.
 * Nothing passes before the type is known; `known` settles with it (or with the refusal).
 */
export function inspector(kind: MediaKind, maxBytes: number) {
  let head = Buffer.alloc(0);
  let format: Format | undefined;
  let size = 0;
  let settle!: { resolve: (format: Format) => void; reject: (error: Error) => void };
  const known = new Promise<Format>((resolve, reject) => (settle = { resolve, reject }));
  // Awaited by whoever needs it; a refusal is also the stream's error.
  known.catch(() => undefined);
  const tooLarge = () =>
    new AppError(
      'payload_too_large',
      `The ${kindLabels[kind]} is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit.`,
    );
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(tooLarge());
      if (!format) {
        head = Buffer.concat([head, chunk]);
        if (head.length < HEAD_BYTES) return done();
        try {
          format = sniff(kind, head);
        } catch (error) {
          settle.reject(error as Error);
          return done(error as Error);
        }
        settle.resolve(format);
        const held = head;
        head = Buffer.alloc(0);
        return done(null, held);
      }
      done(null, chunk);
    },
    flush(done) {
      if (format) return done();
      try {
        format = sniff(kind, head);
        settle.resolve(format);
        done(null, head);
      } catch (error) {
        settle.reject(error as Error);
        done(error as Error);
      }
    },
  });
  stream.on('error', (error) => settle.reject(error));
  return { stream, known, result: () => ({ format: format!, size }) };
}

/**
 * Where uploaded files live: this directory (`createMediaStore`) or an S3-compatible bucket
 * (`createS3MediaStore`, ADR 027). The same operations on both; /media serves each its own way.
 */
export interface MediaStore {
  kind: 'local' | 's3';
  /** Where the files are, for a person: the folder, or the bucket and its prefix. */
  place: string;
  /** Streams an upload to a temporary file; refuses a wrong type (415) or size (413). */
  receive(source: Readable, kind: MediaKind, maxBytes: number): Promise<ReceivedFile>;
  /** Gives a received file its final name: from now on /media serves it. */
  keep(file: ReceivedFile): Promise<void>;
  /** Removes files, received or kept; missing ones are no error. */
  remove(names: (string | ReceivedFile | null | undefined)[]): Promise<void>;
  /** The names of the kept files (for backups and checks). */
  list(): Promise<string[]>;
  /** A kept file's bytes; 404 when there is none. */
  read(name: string): Promise<Readable>;
  /** A kept file's size in bytes, or null when there is none by that name. */
  sizeOf(name: string): Promise<number | null>;
  /** Stores bytes under a stored name as they are (a restore), replacing any file of that name. */
  write(name: string, source: Readable): Promise<void>;
}

export interface LocalMediaStore extends MediaStore {
  kind: 'local';
  dir: string;
}

export function notStored(name: string) {
  return new AppError('not_found', `No stored file is named ${name}`);
}

/** A stored name, or a refusal: nothing else is ever a path or a key. */
export function checkedName(name: string) {
  if (!storedNamePattern.test(name)) throw notStored(name);
  return name;
}

export function createMediaStore(dir: string): LocalMediaStore {
  const incoming = join(dir, '.incoming');
  const pathOf = (entry: string | ReceivedFile) =>
    typeof entry === 'string' ? join(dir, entry) : entry.tempPath;

  return {
    kind: 'local',
    dir,
    place: `the folder ${dir}`,

    async receive(source, kind, maxBytes) {
      await mkdir(incoming, { recursive: true, mode: privateDirMode });
      const id = randomUUID();
      const tempPath = join(incoming, `${id}.part`);
      const check = inspector(kind, maxBytes);
      const sink = createWriteStream(tempPath, { flags: 'wx', mode: privateFileMode });
      try {
        await pipeline(source, check.stream, sink);
      } catch (error) {
        // A refusal can come before the file is even open: wait for it to close, or the open
        // would create the file again after it is removed.
        if (!sink.closed) await once(sink, 'close').catch(() => undefined);
        await rm(tempPath, { force: true });
        throw error;
      }
      const { format, size } = check.result();
      return { kind, name: `${id}.${format.ext}`, contentType: format.contentType, size, tempPath };
    },

    async keep(file) {
      await rename(file.tempPath, join(dir, file.name));
    },

    async remove(entries) {
      for (const entry of entries) {
        if (!entry) continue;
        if (typeof entry === 'string' && !storedNamePattern.test(entry)) continue;
        await unlink(pathOf(entry)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
      }
    },

    async list() {
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      return names.filter((name) => storedNamePattern.test(name)).sort();
    },

    async read(name) {
      const stream = createReadStream(join(dir, checkedName(name)));
      await once(stream, 'open').catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? notStored(name) : error;
      });
      return stream;
    },

    async sizeOf(name) {
      try {
        return (await stat(join(dir, checkedName(name)))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async write(name, source) {
      const target = join(dir, checkedName(name));
      await mkdir(incoming, { recursive: true, mode: privateDirMode });
      const tempPath = join(incoming, `${randomUUID()}.part`);
      try {
        await pipeline(source, createWriteStream(tempPath, { flags: 'wx', mode: privateFileMode }));
        await rename(tempPath, target);
      } finally {
        await rm(tempPath, { force: true });
      }
    },
  };
}
