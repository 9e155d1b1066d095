// Fails when a public page's first-load JavaScript passes its budget (gzip).
// It follows Vite's manifest from the entry, the app it loads once the page has painted
// (src/client/app/start-app.tsx) and the page's chunk through their static imports: everything
// a first visit downloads. Usage: node scripts/check-bundle-budget.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const client = join(process.env.BUILD_DIR ?? 'dist', 'client');
const manifest = JSON.parse(readFileSync(join(client, '.vite', 'manifest.json'), 'utf8'));
// 91 KB since the campaign's team and opt-out pages: start-app carries the router's list of every
// lazy page and the chunks each preloads, which grows with each page (90.32 KB measured then).
const budgets = { 'src/client/pages/home-page.tsx': 91 * 1024 };
const entry = 'src/client/entry-client.tsx';
const app = 'src/client/app/start-app.tsx';

function collect(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
  return files;
}

let failed = false;
for (const [page, budget] of Object.entries(budgets)) {
  const files = collect(page, collect(app, collect(entry)));
  const bytes = [...files].reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(client, file)), { level: 9 }).length,
    0,
  );
  const verdict = bytes <= budget ? 'ok' : 'OVER BUDGET';
  console.log(
    `${page}: ${(bytes / 1024).toFixed(2)} KB gzipped first-load JS (budget ${budget / 1024} KB) ${verdict}`,
  );
  if (bytes > budget) failed = true;
}
process.exit(failed ? 1 : 0);
