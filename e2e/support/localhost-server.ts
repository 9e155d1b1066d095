import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';

/**
 * A second app server for the passkey browser tests, at http://localhost:<port>. WebAuthn takes
 * its relying party from the page's host name and browsers refuse an IP address there, so the
 * shared e2e server (PUBLIC_URL http://127.0.0.1:3210) cannot make passkeys. Same build, its own
 * throwaway database, one owner made with the command line before it starts.
 */
export interface LocalhostServer {
  url: string;
  owner: { username: string; password: string };
  stop(): Promise<void>;
}

const root = new URL('../..', import.meta.url).pathname;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startLocalhostServer(): Promise<LocalhostServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tziyun-e2e-localhost-'));
  const owner = { username: 'passkey-owner', password: 'e2e localhost owner password' };
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    FORM_RATE_LIMIT: '10000',
  };
  const created = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/tsx/dist/cli.mjs'),
      'src/server/cli/admin.ts',
      'create',
      '--username',
      owner.username,
      '--role',
      'owner',
    ],
    { cwd: root, env: { ...env, ADMIN_PASSWORD: owner.password }, encoding: 'utf8' },
  );
  if (created.status !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`creating the owner failed: ${created.stderr || created.stdout}`);
  }
  const server: ChildProcess = spawn(
    process.execPath,
    [join(root, process.env.BUILD_DIR ?? 'dist', 'server', 'main.js')],
    { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`the localhost server exited (${server.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the localhost server did not start in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    owner,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A localhost server for the tests of this file or `describe`: started before the first (it
 * takes a while, so with a longer timeout) and stopped after the last. Read it in a test.
 */
export function localhostServerForTests(): Omit<LocalhostServer, 'stop'> {
  let server: LocalhostServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startLocalhostServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  const started = () => {
    if (!server) throw new Error('the localhost server is read before it started');
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    get owner() {
      return started().owner;
    },
  };
}
