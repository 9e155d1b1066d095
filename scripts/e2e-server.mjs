// The server the browser tests run against: the built app on a fresh, throwaway data directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dataDir = mkdtempSync(join(tmpdir(), 'tziyun-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV ??= 'test';
process.env.HOST ??= '127.0.0.1';
process.env.PUBLIC_URL ??= `http://127.0.0.1:${process.env.PORT ?? 3210}`;
process.env.FORM_RATE_LIMIT ??= '10000';
process.env.LOG_LEVEL ??= 'warn';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

const root = new URL('..', import.meta.url).pathname;
await import(pathToFileURL(join(root, process.env.BUILD_DIR ?? 'dist', 'server', 'main.js')).href);
