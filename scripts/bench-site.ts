/**
 * What `npm run bench:web` and `npm run bench:load` share: the built site served by its real
 * server (production mode, embedded PGlite in a throwaway DATA_DIR, the demo content of
 * site.config.ts, card payments pointed at the local Stripe stand-in of the tests), a
 * description of the machine, and markdown tables.
 *
 * The build is BUILD_DIR's (default dist/); when it has no server the bench builds it first.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { startStripeStandIn } from '~tests/helpers/stripe-stand-in';

export const root = resolve(import.meta.dirname, '..');
export const buildDir = resolve(root, process.env.BUILD_DIR ?? 'dist');

export const log = (line: string) => console.error(`[bench] ${line}`);

/** Builds the site into BUILD_DIR when there is no server build there yet. */
export function ensureBuild() {
  if (existsSync(join(buildDir, 'server', 'main.js'))) return;
  log(`no build in ${buildDir}: building`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`the build failed (exit ${result.status})`);
}

async function waitFor(url: string, child: { exitCode: number | null }, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export interface Site {
  url: string;
  dataDir: string;
  pid: number;
  close: () => Promise<void>;
}

/**
 * Serves the built site on 127.0.0.1:`port` as production would, on a fresh embedded database.
 * `env` adds or overrides settings (the load bench raises FORM_RATE_LIMIT).
 */
export async function startSite(
  port: number,
  env: Record<string, string> = {},
  /** A DATA_DIR prepared by the caller, who then removes it; otherwise a fresh one. */
  givenDataDir?: string,
): Promise<Site> {
  ensureBuild();
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'tziyun-bench-'));
  const stripe = await startStripeStandIn({ secretKey: 'sk_test_bench_standin' });
  const url = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF_DIR=dir: the server writes a CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF_DIR;
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...nodeArgs, join(buildDir, 'server', 'main.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      STRIPE_SECRET_KEY: 'sk_test_bench_standin',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_bench_standin',
      STRIPE_WEBHOOK_SECRET: 'whsec_bench_standin',
      STRIPE_API_BASE: stripe.url,
      ...env,
    },
  });
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    await stripe.close();
    if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/healthz`, child);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, dataDir, pid: child.pid!, close };
}

/** The machine, for the report: cores, CPU, memory, Node, and how busy it was. */
export function machine(extra: Record<string, string> = {}) {
  const nproc = spawnSync('nproc', { encoding: 'utf8' }).stdout.trim();
  return {
    cores: nproc || String(cpus().length),
    cpu: cpus()[0]?.model ?? 'unknown',
    memory: `${Math.round(totalmem() / 2 ** 30)} GB`,
    node: process.version,
    load: loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
    ...extra,
  };
}

export function printMachine(info: Record<string, string>) {
  console.log(
    Object.entries(info)
      .map(([key, value]) => `- ${key}: ${value}`)
      .join('\n'),
  );
}

/**
 * Runs `script` (a bench's own file, through tsx) as a server in its own process and waits for
 * it to print `ready`; `close` stops it and waits for its exit.
 */
export async function startChild(
  script: string,
  args: string[],
  ready: string,
  env: NodeJS.ProcessEnv = process.env,
) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env,
  });
  try {
    await new Promise<void>((started, failed) => {
      child.stdout.on('data', (chunk) => String(chunk).includes(ready) && started());
      child.once('exit', (code) => failed(new Error(`${script} exited (${code})`)));
    });
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    pid: child.pid!,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Clock ticks a second, the unit of a process's CPU time in /proc. */
const ticksPerSecond =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** The CPU time (user and system) the process `pid` has used so far, in microseconds. */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return ((utime + stime) * 1e6) / ticksPerSecond;
}

/** A markdown table, columns padded so it reads in a terminal too. */
export function markdownTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
