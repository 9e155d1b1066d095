import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface PageAssets {
  scripts: string[];
  preloads: string[];
  /** The app's module, which the entry imports once the page has painted. */
  app: string | null;
  /** The app's chunks and the page's, which the entry preloads then. */
  deferred: string[];
  styles: string[];
}

const entryKey = 'src/client/entry-client.tsx';
const appKey = 'src/client/app/start-app.tsx';

/**
 * Reads Vite's manifest once and answers, for a page module, the entry script and what it
 * imports (preloaded), the app's module and its chunks with the page's (deferred: the entry
 * loads them side by side once the page has loaded and painted, src/client/entry-client.tsx, so
 * they never take bandwidth from the first paint, and wait on no waterfall after it) and the
 * stylesheets. Without a build (API and SSR tests) every list is empty.
 */
export function loadAssets(clientDir: string) {
  const manifestPath = join(clientDir, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
    : {};
  const cache = new Map<string, PageAssets>();

  function collect(key: string, seen: Set<string>, files: Set<string>, css: Set<string>) {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(`/${chunk.file}`);
    chunk.css?.forEach((c) => css.add(`/${c}`));
    chunk.imports?.forEach((imp) => collect(imp, seen, files, css));
  }

  return {
    built: Object.keys(manifest).length > 0,
    forPage(pageModule: string): PageAssets {
      const cached = cache.get(pageModule);
      if (cached) return cached;
      const entry = manifest[entryKey];
      const app = manifest[appKey];
      if (!entry || !app) return { scripts: [], preloads: [], app: null, deferred: [], styles: [] };
      const files = new Set<string>();
      const later = new Set<string>();
      const css = new Set<string>();
      collect(entryKey, new Set(), files, css);
      const seen = new Set<string>();
      collect(appKey, seen, later, css);
      collect(pageModule, seen, later, css);
      const script = `/${entry.file}`;
      files.delete(script);
      const assets = {
        scripts: [script],
        preloads: [...files],
        app: `/${app.file}`,
        deferred: [...later].filter((file) => file !== script && !files.has(file)),
        styles: [...css],
      };
      cache.set(pageModule, assets);
      return assets;
    },
  };
}

export type Assets = ReturnType<typeof loadAssets>;
