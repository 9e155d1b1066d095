import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * The embedded database (PGlite) must be opened by one process at a time: a second one (an admin
 * command while the server runs, a second server) would corrupt it. Whoever opens DATA_DIR
 * writes this file, and removes it on close; one left by a process that died is taken over.
 */
export const dataDirLockName = 'in-use.lock';

export interface DataDirHolder {
  pid: number;
  hostname: string;
  /** What holds it, in words: "the site's server", "an admin command". */
  purpose: string;
  startedAt: string;
}

interface LockFile extends DataDirHolder {
  token: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder,
    readonly lockFile: string,
  ) {
    super(
      `${capitalise(holder.purpose)} (process ${holder.pid} on ${holder.hostname}, since ${holder.startedAt}) is using the embedded database in ${dataDir}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Locks held by this process: the same process opening a directory twice is refused too. */
const heldHere = new Set<string>();

export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/**
 * Takes DATA_DIR for this process, or throws a DataDirInUseError naming who has it. Returns
 * the release, which removes the file only while it is still this process's.
 */
export function lockDataDir(
  dataDir: string,
  purpose: string,
  { isAlive = processIsAlive }: { isAlive?: (pid: number) => boolean } = {},
): () => void {
  const path = join(dataDir, dataDirLockName);
  const mine: LockFile = {
    pid: process.pid,
    hostname: hostname(),
    purpose,
    startedAt: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, `${JSON.stringify(mine)}\n`, { flag: 'wx', mode: 0o600 });
      heldHere.add(path);
      return () => release(path, mine.token);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw error;
    }
    const holder = readLock(path);
    if (holder && isLive(holder, path, isAlive)) throw new DataDirInUseError(dataDir, holder, path);
    // Left by a process that is gone (or half-written as it died): take it over.
    unlinkSync(path);
  }
}

function isLive(holder: LockFile, path: string, isAlive: (pid: number) => boolean) {
  // Our own pid in a file this process does not hold: a previous life with the same pid (a
  // container's process 1 after a restart).
  if (holder.pid === process.pid) return heldHere.has(path);
  return isAlive(holder.pid);
}

function readLock(path: string): LockFile | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockFile>;
    return typeof parsed.pid === 'number' ? (parsed as LockFile) : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

function release(path: string, token: string) {
  heldHere.delete(path);
  try {
    if (readLock(path)?.token === token) unlinkSync(path);
  } catch {
    // Already gone: nothing to release.
  }
}

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
