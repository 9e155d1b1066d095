import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, serverEntry, startServer, type RunningServer } from '~scripts/resilience-lib';
import { s3TestKeys, s3TestRegion, type S3StandIn } from '~tests/helpers/s3-stand-in';

export { freePort } from '~tests/helpers/s3-stand-in';

/**
 * The pieces of a real deployment on this machine, for tests/proxy: a fresh PostgreSQL database,
 * the built server (`node dist/server/main.js`, as `npm start` runs it) started as separate
 * processes (scripts/resilience-lib.ts gives both), and Debian's nginx with the repository's deploy/nginx/tziyun-proxy.conf, run as an
 * ordinary process with its own prefix, pid, logs and temp directories in a temporary folder.
 */

/** Not a secret: the test's instances must share one, as real ones do. */
const APP_SECRET = 'proxy-test-only-app-secret-never-in-production';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

/** One HTTP request from `from` (a loopback address other than the proxy's own). */
export function send(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
    from = '127.0.0.2',
  }: { method?: string; headers?: Record<string, string>; body?: Buffer | string; from?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, localAddress: from, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const all = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, headers: res.headers, body: all, text: all.toString() });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface Site {
  publicUrl: string;
  databaseUrl: string;
  bucket: S3StandIn;
  formRateLimit: number;
  /** Each instance's DATA_DIR (mail written to files) is a folder in it. */
  dataDir: string;
}

function settings(site: Site, port: number): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: site.publicUrl,
    DATABASE_URL: site.databaseUrl,
    APP_SECRET,
    // nginx connects from 127.0.0.1; the test's visitors come from 127.0.0.2 and up.
    TRUST_PROXY: '127.0.0.1',
    FORM_RATE_LIMIT: String(site.formRateLimit),
    LOG_LEVEL: 'warn',
    MEDIA_STORE: 's3',
    S3_BUCKET: site.bucket.bucket,
    S3_ENDPOINT: site.bucket.endpoint,
    S3_REGION: s3TestRegion,
    S3_ACCESS_KEY_ID: s3TestKeys.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3TestKeys.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    DATA_DIR: join(site.dataDir, String(port)),
  };
}

/** `npm run admin:create` against the site's database (it migrates it first). */
export function createAdmin(site: Site, username: string, password: string) {
  const result = spawnSync(
    'npx',
    ['tsx', 'src/server/cli/admin.ts', 'create', '--username', username, '--role', 'owner'],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...settings(site, 0), PORT: '3000', ADMIN_PASSWORD: password },
    },
  );
  if (result.status !== 0) throw new Error(`admin:create failed: ${result.stderr}`);
}

export interface Instance extends RunningServer {
  port: number;
}

/** The built server on `port`, answering /healthz. */
export async function startInstance(site: Site, port: number): Promise<Instance> {
  if (!existsSync(serverEntry)) throw new Error('No build: run `npm run build` first.');
  return { port, ...(await startServer(settings(site, port), { timeoutMs: 30_000 })) };
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 20_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface Proxy {
  url: string;
  dir: string;
  accessLog(): Promise<string[]>;
  stop(): Promise<void>;
}

const nginxBinary = () =>
  ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path)) ??
  'nginx';

/**
 * nginx on `port` in front of the instances: the repository's tziyun-proxy.conf inside a server
 * block, with an upstream naming the test's instances. Two test-only additions: the access log
 * records which instances answered each request, and X-Upstream tells the test which one did.
 */
export async function startProxy(port: number, instancePorts: number[]): Promise<Proxy> {
  const dir = await mkdtemp(join(tmpdir(), 'tziyun-nginx-'));
  // When run as root, nginx's workers run as nobody and must reach their temp directories.
  await chmod(dir, 0o755);
  const conf = join(dir, 'nginx.conf');
  await writeFile(
    conf,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  log_format upstreams '$request_method $uri $status "$upstream_addr" "$upstream_status"';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream tziyun {
${instancePorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    add_header X-Upstream $upstream_addr always;
    include ${join(root, 'deploy', 'nginx', 'tziyun-proxy.conf')};
  }
}
`,
  );
  const child = spawn(nginxBinary(), ['-p', dir, '-c', conf, '-e', `${dir}/error.log`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => (await send(`${url}/healthz`, {})).status === 200,
    `nginx (${output.join('')})`,
  );
  return {
    url,
    dir,
    async accessLog() {
      return (await readFile(join(dir, 'access.log'), 'utf8')).split('\n').filter(Boolean);
    },
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
