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
  styles: string[];
}

const entryKey = 'src/client/entry-client.tsx';

/**
 * Reads Vite's manifest once and answers, for a page module, the entry script, the chunks to
 * preload (the page's own and its imports, so nothing waits on a waterfall) and the stylesheets.
 * Without a build (API and SSR tests) every list is empty.
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
      if (!entry) return { scripts: [], preloads: [], styles: [] };
      const files = new Set<string>();
      const css = new Set<string>();
      collect(entryKey, new Set(), files, css);
      collect(pageModule, new Set(), files, css);
      const script = `/${entry.file}`;
      files.delete(script);
      const assets = { scripts: [script], preloads: [...files], styles: [...css] };
      cache.set(pageModule, assets);
      return assets;
    },
  };
}

export type Assets = ReturnType<typeof loadAssets>;
