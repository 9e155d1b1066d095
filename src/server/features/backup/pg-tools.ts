import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BackupError } from './archive-format';

/**
 * PostgreSQL's own client programs, found on PATH: `pg_dump` must be at least the server's major
 * version (it refuses older ones' dumps of newer servers), and `pg_restore` at least the
 * `pg_dump` that wrote the archive. Debian: `apt install postgresql-client` (or
 * `postgresql-client-NN` from apt.postgresql.org for a newer server), and
 * `/usr/lib/postgresql/NN/bin` first on PATH when several are installed.
 */
export type PgTool = 'pg_dump' | 'pg_restore';

const notFound = (tool: PgTool) =>
  new BackupError(
    `${tool} was not found: install the PostgreSQL client programs (Debian: apt install postgresql-client) or put their folder on PATH, then run this command again.`,
  );

/** The connection for the tools: the URL without its password, which goes in PGPASSWORD. */
export function toolConnection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: url.toString(),
    env: { ...process.env, ...(password && { PGPASSWORD: password }) },
  };
}

/** Runs a tool to its end; its error output becomes the message when it fails. */
export async function runPgTool(
  tool: PgTool,
  args: string[],
  databaseUrl: string,
  input?: Readable,
) {
  const { dbname, env } = toolConnection(databaseUrl);
  const child = spawn(tool, [...args, `--dbname=${dbname}`], {
    env,
    stdio: [input ? 'pipe' : 'ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    if (stderr.length < 8000) stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const fed = input ? pipeline(input, child.stdin!).catch((error: unknown) => error) : undefined;
  let code: number | null;
  try {
    code = await exited;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(tool);
    throw error;
  }
  const feedError = await fed;
  if (code !== 0) {
    throw new BackupError(`${tool} failed: ${stderr.trim() || `exit code ${code}`}`);
  }
  if (feedError) throw feedError;
}

/** The major version of a tool on PATH, e.g. 15 for "pg_dump (PostgreSQL) 15.20". */
export async function pgToolMajor(tool: PgTool): Promise<number> {
  const child = spawn(tool, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  try {
    await new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(tool);
    throw error;
  }
  const major = /\(PostgreSQL\)\s+(\d+)/.exec(out)?.[1];
  if (!major) throw new BackupError(`Could not tell which version ${tool} is ("${out.trim()}").`);
  return Number(major);
}
