import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** Where builds go: dist/ unless BUILD_DIR says otherwise (parallel builds in one checkout). */
const buildDir = process.env.BUILD_DIR ?? 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '~': here('./src'),
      '@site-config': here('./site.config.ts'),
    },
  },
  publicDir: 'public',
  build: isSsrBuild
    ? { outDir: `${buildDir}/server`, target: 'node20', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: `${buildDir}/client`,
        manifest: true,
        emptyOutDir: true,
        target: 'es2022',
        // The entry is a few hundred bytes that loads the app (start-app) once the page has painted.
        rollupOptions: {
          input: [here('./src/client/entry-client.tsx'), here('./src/client/app/start-app.tsx')],
        },
      },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['./tests/setup.ts'],
    globalSetup: ['./tests/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
}));
