// Renders public/images/og.svg (the social preview card) to public/images/og.jpg, 1200×630, with
// the site's display font. Run once after editing the SVG: node scripts/render-og-image.mjs
// Uses Debian's Chromium (CHROMIUM_PATH to override).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const svg = readFileSync(join(root, 'public/images/og.svg'), 'utf8');
const font = pathToFileURL(
  join(root, 'src/client/assets/fonts/cormorant-garamond-latin-600.woff2'),
).href;

const dir = mkdtempSync(join(tmpdir(), 'og-'));
const page = join(dir, 'og.html');
writeFileSync(
  page,
  `<!doctype html><html><head><style>
@font-face { font-family: 'Cormorant Garamond'; font-weight: 600; src: url('${font}') format('woff2'); }
html, body { margin: 0; }
svg { display: block; }
</style></head><body>${svg}</body></html>`,
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const tab = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await tab.goto(pathToFileURL(page).href);
  await tab.evaluate(() => document.fonts.ready);
  const loaded = await tab.evaluate(() => document.fonts.check("600 50px 'Cormorant Garamond'"));
  if (!loaded) throw new Error('the display font did not load');
  // JPEG: a photo-like card compresses to a tenth of the PNG, and every social network takes it.
  await tab.screenshot({ path: join(root, 'public/images/og.jpg'), type: 'jpeg', quality: 85 });
  console.log('wrote public/images/og.jpg');
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
