import { chmod, rm } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import type { StoredMediaRef } from '~/server/services/media';

/**
 * The embedded database can be open in one process only (ADR 023), so while the site runs, the
 * backup command asks the server for the dump: the server listens on `DATA_DIR/backup.sock`, a
 * Unix socket only the site's user can open (mode 0600, in a directory that user owns: whoever
 * can open it could read the database files anyway). One request, `dump`; the answer is
 * `OK <bytes> <media names, JSON>\n` and the dump, or `ERR <message>\n`.
 */
export const backupSocketName = 'backup.sock';

const REQUEST = 'dump\n';

/**
 * A Unix socket's path has room for 107 bytes on Linux (103 on macOS); Node shortens a longer one
 * without a word, so it is checked here.
 */
const MAX_SOCKET_PATH = 103;

function socketPath(dataDir: string) {
  const path = join(dataDir, backupSocketName);
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH ? path : null;
}

export interface DatabaseCopy {
  dump: Buffer;
  /** The media files the copied rows name. */
  media: StoredMediaRef[];
}

export interface BackupSocketLog {
  info(message: string): void;
  warn(message: string): void;
}

/** Starts answering dump requests; the returned function stops and removes the socket. */
export async function serveBackupDumps(
  dataDir: string,
  dump: () => Promise<DatabaseCopy>,
  log: BackupSocketLog,
): Promise<() => Promise<void>> {
  const path = socketPath(dataDir);
  if (!path) {
    log.warn(
      `backups while the site runs are not available: the path of ${join(dataDir, backupSocketName)} is longer than a socket's (${MAX_SOCKET_PATH} bytes); give DATA_DIR a shorter path, or stop the server to back up`,
    );
    return async () => {};
  }
  // This process holds DATA_DIR's lock: a socket file there is left by one that died.
  await rm(path, { force: true });
  const server = createServer((socket) => void answer(socket, dump, log));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolve());
    });
    await chmod(path, 0o600);
  } catch (error) {
    server.close();
    log.warn(
      `backups while the site runs are not available: cannot listen on ${path} (${(error as Error).message}); stop the server to back up`,
    );
    return async () => {};
  }
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(path, { force: true });
  };
}

async function answer(socket: Socket, dump: () => Promise<DatabaseCopy>, log: BackupSocketLog) {
  socket.on('error', () => socket.destroy());
  const request = await new Promise<string>((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\n') || text.length >= REQUEST.length) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
    socket.once('end', () => resolve(text));
    socket.once('close', () => resolve(text));
  });
  if (request !== REQUEST) {
    socket.end('ERR unknown request\n');
    return;
  }
  try {
    const copy = await dump();
    log.info(`handed a copy of the database to a backup (${copy.dump.length} bytes)`);
    socket.write(`OK ${copy.dump.length} ${JSON.stringify(copy.media)}\n`);
    socket.end(copy.dump);
  } catch (error) {
    socket.end(`ERR ${(error as Error).message.replace(/\n/g, ' ')}\n`);
  }
}

/** Asks the server that holds `dataDir` for a dump of its database. */
export async function requestDump(dataDir: string): Promise<DatabaseCopy> {
  const path = socketPath(dataDir);
  if (!path) throw new Error(`the path of DATA_DIR is too long for its backup socket`);
  const socket = connect(path);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(REQUEST);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const received = Buffer.concat(chunks);
  const lineEnd = received.indexOf('\n');
  const line = received.subarray(0, lineEnd === -1 ? 200 : lineEnd).toString('utf8');
  const ok = /^OK (\d+) (\[.*\])$/.exec(line);
  if (!ok) throw new Error(line.startsWith('ERR ') ? line.slice(4) : 'no answer');
  const body = received.subarray(lineEnd + 1);
  if (body.length !== Number(ok[1])) {
    throw new Error(`the dump was cut short (${body.length} of ${ok[1]} bytes)`);
  }
  return { dump: body, media: JSON.parse(ok[2]!) as StoredMediaRef[] };
}
