/**
 * The flags both the browser tests (playwright.config.ts) and the page benchmark
 * (scripts/bench-web.ts) start Chromium with: none of the browser's own traffic (updates, sync,
 * QUIC, the first-run page) runs beside what a test drives or a benchmark measures.
 */
export const quietChromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
