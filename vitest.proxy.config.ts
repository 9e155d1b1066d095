import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:proxy`: two built server processes behind nginx (tests/proxy). Not part of
 * `npm test`: it needs `npm run build`, nginx and PostgreSQL, and starts real processes.
 */
export default defineConfig({
  resolve: {
    // The tests' and scripts' roots, as in vite.config.ts.
    alias: [
      { find: /^~tests\//, replacement: fileURLToPath(new URL('./tests/', import.meta.url)) },
      { find: /^~scripts\//, replacement: fileURLToPath(new URL('./scripts/', import.meta.url)) },
    ],
  },
  test: {
    include: ['tests/proxy/**/*.proxy.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
