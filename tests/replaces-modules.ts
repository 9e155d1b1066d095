/**
 * The test files that replace a module with `vi.mock`. The server's tests share one module graph
 * per worker (vite.config.ts, project `server`), where a replaced module would stay replaced for
 * the files after; these run in a graph of their own. tests/architecture/test-isolation.test.ts
 * holds the list to what the files do.
 */
export const replacesModules = [
  'src/server/features/admin/sign-in-timing.test.ts',
  'src/server/features/campaigns/share-routes.test.ts',
];

/** The folders whose test files share one module graph per worker (project `server`). */
export const sharedGraphFolders = ['src/server', 'src/db', 'src/shared', 'tests'];
