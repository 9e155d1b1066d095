import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import siteConfig from './site.config';
import { browserConfigOf } from './src/shared/browser-site-config';
import { replacesModules, sharedGraphFolders } from './tests/replaces-modules';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** Where builds go: dist/ unless BUILD_DIR says otherwise (parallel builds in one checkout). */
const buildDir = process.env.BUILD_DIR ?? 'dist';
/** Page chunks never reached by a navigation inside the app (see modulePreload below). */
const fullPageLoadOnly =
  /(admin|checkout|ojc-payment|manage-gift|cancel-gift|test-stripe|newsletter)-page/;

/**
 * The browser's bundle gets the configuration's fixed facts only (src/shared/browser-site-config.ts).
 * Vite restarts when site.config.ts changes (a config dependency). The server's build and the
 * tests read the whole file (the component tests give the screens the content as the server
 * would, src/client/test/component-test-kit.tsx).
 */
function browserSiteConfig(): Plugin {
  const file = here('./site.config.ts');
  return {
    name: 'browser-site-config',
    enforce: 'pre',
    load(id, options) {
      if (options?.ssr || id !== file || process.env.VITEST) return null;
      return `export default ${JSON.stringify(browserConfigOf(siteConfig))};`;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [browserSiteConfig(), react(), tailwindcss()],
  resolve: {
    alias: [
      // The tests' and scripts' roots first: '~tests/…' would otherwise read as '~' + 'tests/…' under src.
      { find: /^~tests\//, replacement: `${here('./tests')}/` },
      { find: /^~scripts\//, replacement: `${here('./scripts')}/` },
      { find: /^~/, replacement: here('./src') },
      { find: '@site-config', replacement: here('./site.config.ts') },
      // wouter's React 17 fallback: React 19 has the hook itself (src/client/lib says more).
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: here('./src/client/lib/use-sync-external-store.ts'),
      },
    ],
  },
  publicDir: 'public',
  build: isSsrBuild
    ? { outDir: `${buildDir}/server`, target: 'node20', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: `${buildDir}/client`,
        manifest: true,
        // The route table (in every public page's first download) lists each page's chunks so a
        // navigation inside the app fetches them at once. Pages that are only ever opened by a
        // full page load (the checkout and its links, the pages mail links open, the admin area)
        // get their chunks from the server's modulepreload links instead: listing them here
        // would only add bytes to everyone's first load.
        modulePreload: {
          resolveDependencies: (url: string, deps: string[]) =>
            fullPageLoadOnly.test(url) ? [] : deps,
        },
        emptyOutDir: true,
        target: 'es2022',
        // The entry is a few hundred bytes that loads the app (start-app) once the page has painted.
        rollupOptions: {
          input: [here('./src/client/entry-client.tsx'), here('./src/client/app/start-app.tsx')],
        },
      },
  test: {
    environment: 'node',
    setupFiles: ['./tests/setup.ts'],
    globalSetup: ['./tests/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker per core but one, which on a 2-core CI machine runs the
    // files one at a time while the other core idles. PGlite is CPU-bound (two workers fill two
    // cores); on PostgreSQL the files mostly wait on the server, so a third overlaps the waits.
    maxWorkers: process.env.DATABASE_URL ? 3 : 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: sharedGraphFolders.map((folder) => `${folder}/**/*.test.{ts,tsx}`),
          exclude: [...configDefaults.exclude, ...replacesModules],
          // A worker runs its files one after another in one module graph instead of loading
          // the server's modules (Fastify, drizzle, Stripe, PGlite…) again for each: that loading
          // was a third of the suite's CPU on a 2-core machine. Each file opens its own database
          // and app and leaves the process as it found it.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          // The components' tests render into a DOM (jsdom) each file has to itself; a file that
          // replaces a module (vi.mock) needs a module graph of its own.
          include: ['src/client/**/*.test.{ts,tsx}', ...replacesModules],
        },
      },
    ],
  },
}));
