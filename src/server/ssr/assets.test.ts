import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAssets } from './assets';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function clientDirWith(manifest: Record<string, unknown>) {
  const dir = mkdtempSync(join(tmpdir(), 'tziyun-assets-'));
  dirs.push(dir);
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const manifest = {
  'src/client/entry-client.tsx': {
    file: 'assets/entry-client-1.js',
    isEntry: true,
    css: ['assets/entry-client-1.css'],
  },
  'src/client/app/start-app.tsx': {
    file: 'assets/start-app-1.js',
    isEntry: true,
    imports: ['_jsx-runtime-1.js'],
  },
  '_jsx-runtime-1.js': { file: 'assets/jsx-runtime-1.js' },
  '_button-1.js': { file: 'assets/button-1.js', imports: ['_jsx-runtime-1.js'] },
  'src/client/pages/home-page.tsx': {
    file: 'assets/home-page-1.js',
    imports: ['_button-1.js', '_jsx-runtime-1.js'],
    css: ['assets/home-page-1.css'],
  },
};

describe('page assets', () => {
  it('asks for the small entry up front and leaves the app and the page to it', () => {
    const assets = loadAssets(clientDirWith(manifest)).forPage('src/client/pages/home-page.tsx');
    expect(assets).toEqual({
      scripts: ['/assets/entry-client-1.js'],
      // Nothing the first paint does not need: React and the page load once it has painted.
      preloads: [],
      app: '/assets/start-app-1.js',
      deferred: [
        '/assets/start-app-1.js',
        '/assets/jsx-runtime-1.js',
        '/assets/home-page-1.js',
        '/assets/button-1.js',
      ],
      styles: ['/assets/entry-client-1.css', '/assets/home-page-1.css'],
    });
  });

  it('answers empty lists without a build', () => {
    const assets = loadAssets(clientDirWith({})).forPage('src/client/pages/home-page.tsx');
    expect(assets).toEqual({ scripts: [], preloads: [], app: null, deferred: [], styles: [] });
  });
});
