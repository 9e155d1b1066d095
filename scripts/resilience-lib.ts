// What the resilience scripts share (scripts/resilience-crash.ts, resilience-load.ts): a
// throwaway PostgreSQL database, and the built server started as a child process on it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

export const root = new URL('..', import.meta.url).pathname;
/** The build the scripts run: dist/ unless BUILD_DIR says otherwise (as vite.config.ts). */
export const serverEntry = join(root, process.env.BUILD_DIR ?? 'dist', 'server', 'main.js');
const defaultAdminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function requireBuild() {
  if (existsSync(serverEntry)) return;
  console.error(`No build at ${serverEntry}: run \`npm run build\` first (BUILD_DIR to choose).`);
  process.exit(1);
}

/** A fresh, empty database; the server migrates it on start. `drop()` removes it. */
export async function createScratchDatabase(prefix: string, adminUrl = defaultAdminUrl) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    /** Runs one query on the database (a short-lived connection). */
    async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * The server's environment in production on 127.0.0.1:`port` with `dataDir`, logging errors
 * only; each script adds its database and its own limits.
 */
export function productionEnv(port: number, dataDir: string) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: 'production',
    // Production on PostgreSQL needs the site's secret (ADR 020): a throwaway one per run.
    APP_SECRET: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
  };
}

export interface RunningServer {
  child: ChildProcess;
  /** Resolves with the exit code or signal. */
  exited: Promise<string>;
}

/** Starts the built server with `env` and waits until /healthz answers 200. */
export async function startServer(
  env: Record<string, string>,
  { timeoutMs = 60_000 } = {},
): Promise<RunningServer> {
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<string>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? `exit ${code}`)),
  );
  const base = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    try {
      if ((await fetch(`${base}/healthz`)).status === 200) return { child, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(
    `the server did not become healthy at ${base} (${gone ? 'it exited' : 'timeout'})`,
  );
}

/** Stops the server gracefully (SIGTERM, as in production) and waits for it to exit. */
export async function stopServer(server: RunningServer) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}
