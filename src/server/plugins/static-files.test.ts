import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '~/server/app';
import { parseEnv } from '~/server/env';
import { createTestDatabase } from '~tests/helpers/database';

let dir: string;
let app: Awaited<ReturnType<typeof buildApp>>;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tziyun-static-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'images'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'assets', 'entry-abc123.js'), script);
  writeFileSync(join(dir, 'assets', 'entry-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'assets', 'entry-abc123.js.gz'), gzipSync(script));
  writeFileSync(join(dir, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
  const database = await createTestDatabase();
  app = await buildApp({
    env: parseEnv({ NODE_ENV: 'test' }),
    database,
    logger: false,
    clientDir: dir,
  });
  app.addHook('onClose', () => database.close());
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('static files', () => {
  it('serves hashed bundles precompressed and cached for a year', async () => {
    const br = await app.inject({
      url: '/assets/entry-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toContain('javascript');

    const gz = await app.inject({
      url: '/assets/entry-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await app.inject({
      url: '/assets/entry-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches other public files for a day and never serves the build manifest', async () => {
    const svg = await app.inject('/images/logo.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['cache-control']).toBe('public, max-age=86400');
    const manifest = await app.inject('/.vite/manifest.json');
    expect(manifest.statusCode).toBe(404);
  });

  it('answers a missing asset with 404, not a page', async () => {
    const res = await app.inject('/assets/missing.js');
    expect(res.statusCode).toBe(404);
  });
});
