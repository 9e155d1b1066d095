// Runs a command with DATABASE_URL pointing at the local PostgreSQL server (the test harness
// creates and drops its own databases there). Default: postgres://postgres@127.0.0.1:5432/postgres
import { spawnSync } from 'node:child_process';

const url = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const [command, ...args] = process.argv.slice(2);
const result = spawnSync(command, args, {
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(result.status ?? 1);
