import type { FileHandle } from 'node:fs/promises';

/**
 * The little of the tar format (POSIX ustar) a backup archive needs: regular files with short
 * names, written and read in order. Any `tar` reads the archive (`tar tvf`, `tar xf`); sizes past
 * ustar's 8 GiB use GNU's binary size field, which GNU tar and bsdtar read too.
 */

const BLOCK = 512;
const MAX_OCTAL_SIZE = 0o77777777777;

export class CorruptArchiveError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'CorruptArchiveError';
  }
}

function writeText(header: Buffer, at: number, length: number, text: string) {
  header.write(text, at, length, 'utf8');
}

function writeOctal(header: Buffer, at: number, length: number, value: number) {
  writeText(header, at, length - 1, value.toString(8).padStart(length - 1, '0'));
}

function writeSize(header: Buffer, size: number) {
  if (size <= MAX_OCTAL_SIZE) return writeOctal(header, 124, 12, size);
  // GNU base-256: the top bit of the first byte set, then the size big-endian.
  header.fill(0, 124, 136);
  header[124] = 0x80;
  header.writeBigUInt64BE(BigInt(size), 128);
}

/** A header's checksum as tar computes it: its bytes summed, the checksum field as spaces. */
export function checksum(header: Buffer) {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  return sum;
}

/** A header: a regular file (type 0) or a directory (type 5). */
export function tarHeader(name: string, size: number, type: '0' | '5' = '0'): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar name too long: ${name}`);
  const header = Buffer.alloc(BLOCK);
  writeText(header, 0, 100, name);
  writeOctal(header, 100, 8, type === '5' ? 0o755 : 0o644);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeSize(header, size);
  writeOctal(header, 136, 12, Math.floor(Date.now() / 1000));
  header[156] = type.charCodeAt(0);
  writeText(header, 257, 8, 'ustar\u000000');
  writeText(header, 148, 8, `${checksum(header).toString(8).padStart(6, '0')}\u0000 `);
  return header;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** A whole archive in memory: directories (names ending in `/`) and small files. */
export function packTar(entries: { name: string; data?: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  for (const { name, data } of entries) {
    if (!data) {
      parts.push(tarHeader(name, 0, '5'));
      continue;
    }
    parts.push(tarHeader(name, data.length), data, Buffer.alloc(padding(data.length)));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

/** Appends files to an open archive; `finish` writes the end marker. */
export class TarWriter {
  private position = 0;

  constructor(private readonly file: FileHandle) {}

  private async write(bytes: Buffer) {
    await this.file.write(bytes, 0, bytes.length, this.position);
    this.position += bytes.length;
  }

  /** Writes one file of exactly `size` bytes from `source`. */
  async add(name: string, size: number, source: AsyncIterable<Buffer> | Iterable<Buffer>) {
    await this.write(tarHeader(name, size));
    let written = 0;
    for await (const chunk of source) {
      written += chunk.length;
      if (written > size) break;
      await this.write(chunk);
    }
    if (written !== size) {
      throw new Error(`${name} changed while it was copied (${written} bytes, expected ${size})`);
    }
    await this.write(Buffer.alloc(padding(size)));
  }

  async finish() {
    await this.write(Buffer.alloc(BLOCK * 2));
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** The file's bytes, read from the archive in chunks. */
  body(): AsyncGenerator<Buffer>;
}

function readText(header: Buffer, at: number, length: number) {
  const field = header.subarray(at, at + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readSize(header: Buffer) {
  if (header[124]! & 0x80) {
    const size = header.readBigUInt64BE(128);
    if (header.subarray(125, 128).some((byte) => byte !== 0) || size > Number.MAX_SAFE_INTEGER) {
      throw new CorruptArchiveError('an entry is larger than any backup can be');
    }
    return Number(size);
  }
  const text = readText(header, 124, 12).trim();
  if (!/^[0-7]+$/.test(text)) throw new CorruptArchiveError('an entry has no readable size');
  return parseInt(text, 8);
}

/** The files of an archive in order; stops at the end marker, throws on damage. */
export async function* readTar(file: FileHandle): AsyncGenerator<TarEntry> {
  let position = 0;
  const { size: fileSize } = await file.stat();
  for (;;) {
    const header = Buffer.alloc(BLOCK);
    const { bytesRead } = await file.read(header, 0, BLOCK, position);
    if (bytesRead < BLOCK) throw new CorruptArchiveError('the archive ends before its end marker');
    if (header.every((byte) => byte === 0)) return;
    const stored = parseInt(readText(header, 148, 8).trim(), 8);
    if (stored !== checksum(header)) throw new CorruptArchiveError('an entry header is damaged');
    const type = String.fromCharCode(header[156]!);
    if (type !== '0' && type !== '\u0000') {
      throw new CorruptArchiveError(`an entry is not a plain file (type ${type})`);
    }
    const name = readText(header, 0, 100);
    const size = readSize(header);
    const start = position + BLOCK;
    if (start + size > fileSize) throw new CorruptArchiveError(`${name} is cut short`);
    position = start + size + padding(size);
    yield { name, size, body: () => readRange(file, start, size) };
  }
}

async function* readRange(file: FileHandle, start: number, size: number) {
  const chunkSize = 1024 * 1024;
  for (let offset = 0; offset < size; offset += chunkSize) {
    const chunk = Buffer.alloc(Math.min(chunkSize, size - offset));
    const { bytesRead } = await file.read(chunk, 0, chunk.length, start + offset);
    if (bytesRead < chunk.length) throw new CorruptArchiveError('the archive is cut short');
    yield chunk;
  }
}
