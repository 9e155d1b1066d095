/**
 * Stands in for the `use-sync-external-store/shim` package that wouter imports for React 17:
 * on React 18 and later that shim only hands back React's own hook, so the first download
 * carries React's and nothing else (vite.config.ts aliases the shim here).
 */
export { useSyncExternalStore } from 'react';
