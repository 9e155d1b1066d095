/**
 * `npm run bench:web`: Lighthouse (mobile: Moto G Power, simulated slow 4G and 4× CPU slowdown,
 * Lighthouse's defaults) on the public pages of the built site, served by its real server
 * (scripts/bench-site.ts), in Debian's Chromium. Each page is measured with JavaScript and again
 * with JavaScript disabled, `--runs` times each (default 3), and the median of each figure is
 * reported as a markdown table.
 *
 * Stripe's hosts cannot be reached from here: the checkout gets the stand-in Stripe.js of the
 * browser tests (e2e/support/stripe-js-stand-in.js) by request interception, so its figures
 * leave out the real Stripe.js (a third-party script loaded only on /checkout).
 *
 *   npm run bench:web
 *   npm run bench:web -- --runs 1 --page /donate --json .tmp/bench-web.json
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { quietChromiumFlags } from './lib/chromium-flags';
import { log, machine, markdownTable, median, printMachine, root, startSite } from './bench-site';

const benchPages = [
  '/',
  '/donate',
  '/checkout?amount=36&type=onetime',
  '/join',
  '/videos',
  '/contact',
];

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumFlags = ['--headless=new', ...quietChromiumFlags];

const stripeJsStandIn = readFileSync(join(root, 'e2e', 'support', 'stripe-js-stand-in.js'));

interface PageFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  cssBytes: number;
  failed: string[];
}

/** Serves the stand-in Stripe.js for Stripe's script: only requests to js.stripe.com pause. */
async function interceptStripeJs(page: Page) {
  const session = await page.createCDPSession();
  session.on('Fetch.requestPaused', (event: { requestId: string }) => {
    void session.send('Fetch.fulfillRequest', {
      requestId: event.requestId,
      responseCode: 200,
      responseHeaders: [
        { name: 'content-type', value: 'application/javascript' },
        { name: 'access-control-allow-origin', value: '*' },
      ],
      body: stripeJsStandIn.toString('base64'),
    });
  });
  await session.send('Fetch.enable', { patterns: [{ urlPattern: 'https://js.stripe.com/*' }] });
}

function figuresOf(lhr: Result): PageFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = (lhr.audits['resource-summary']?.details as { items?: unknown[] } | undefined)
    ?.items as { resourceType: string; transferSize: number }[] | undefined;
  const bytes = (type: string) => summary?.find((i) => i.resourceType === type)?.transferSize ?? 0;
  // Every scored audit short of full marks, so a score below 100 says why.
  const failed = Object.values(lhr.categories)
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0))
    .map((ref) => lhr.audits[ref.id]!)
    .filter(
      (audit) =>
        audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'notApplicable',
    )
    .filter((audit) => audit.scoreDisplayMode !== 'informative')
    .map((audit) => audit.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    jsBytes: bytes('script'),
    cssBytes: bytes('stylesheet'),
    failed: [...new Set(failed)],
  };
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): try again. */
async function audit(browser: Browser, url: string, javascript: boolean, lhrDir?: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(browser, url, javascript, lhrDir);
    } catch (error) {
      if (attempt === 3) throw error;
      log(`${error instanceof Error ? error.message : String(error)}: again`);
    }
  }
}

async function auditOnce(browser: Browser, url: string, javascript: boolean, lhrDir?: string) {
  const page = await browser.newPage();
  try {
    await interceptStripeJs(page);
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        // Without JavaScript: every script request fails. The server-rendered pages run no
        // inline script (their JSON blocks are data) and have no <noscript>, so this is what a
        // browser with JavaScript turned off shows. (Chromium's own switch for it also stops the
        // DevTools protocol calls Lighthouse measures with.)
        ...(javascript ? {} : { blockedUrlPatterns: ['*.js', '*.mjs'] }),
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) {
      throw new Error(
        `${url} (JavaScript ${javascript ? 'on' : 'off'}): ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
      );
    }
    if (lhrDir) {
      mkdirSync(lhrDir, { recursive: true });
      const name = `${url.replace(/^https?:\/\/[^/]+\//, '').replace(/\W+/g, '-') || 'home'}-${javascript ? 'js' : 'nojs'}`;
      writeFileSync(join(lhrDir, `${name}.json`), JSON.stringify(result.lhr));
    }
    return figuresOf(result.lhr);
  } finally {
    await page.close();
  }
}

function medianFigures(runs: PageFigures[]): PageFigures {
  const of = (key: Exclude<keyof PageFigures, 'failed'>) => median(runs.map((run) => run[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    jsBytes: of('jsBytes'),
    cssBytes: of('cssBytes'),
    failed: [...new Set(runs.flatMap((run) => run.failed))],
  };
}

interface WebResult {
  page: string;
  withJs: PageFigures;
  withoutJs: PageFigures;
}

async function runWebBench(options: {
  port: number;
  runs: number;
  pages: string[];
  lhrDir?: string;
}) {
  const site = await startSite(options.port);
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    args: chromiumFlags,
    headless: true,
    defaultViewport: null,
  });
  const chromium = (await browser.version()).replace('HeadlessChrome/', 'Chromium ');
  const results: WebResult[] = [];
  try {
    for (const path of options.pages) {
      const withJs: PageFigures[] = [];
      const withoutJs: PageFigures[] = [];
      for (let run = 0; run < options.runs; run += 1) {
        withJs.push(await audit(browser, site.url + path, true, options.lhrDir));
        withoutJs.push(await audit(browser, site.url + path, false, options.lhrDir));
      }
      const result = {
        page: path,
        withJs: medianFigures(withJs),
        withoutJs: medianFigures(withoutJs),
      };
      log(
        `${path}: performance ${result.withJs.performance}, LCP ${Math.round(result.withJs.lcpMs)} ms (without JS ${Math.round(result.withoutJs.lcpMs)} ms)`,
      );
      results.push(result);
    }
  } finally {
    await browser.close();
    await site.close();
  }
  return { results, chromium };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function webTable(results: WebResult[]) {
  return markdownTable(
    [
      'page',
      'perf',
      'a11y',
      'best pr.',
      'SEO',
      'LCP ms',
      'TBT ms',
      'CLS',
      'JS KB',
      'CSS KB',
      'LCP no-JS ms',
      'LCP JS/no-JS',
    ],
    results.map(({ page, withJs, withoutJs }) => [
      `\`${page}\``,
      String(withJs.performance),
      String(withJs.accessibility),
      String(withJs.bestPractices),
      String(withJs.seo),
      String(Math.round(withJs.lcpMs)),
      String(Math.round(withJs.tbtMs)),
      withJs.cls.toFixed(3),
      kb(withJs.jsBytes),
      kb(withJs.cssBytes),
      String(Math.round(withoutJs.lcpMs)),
      (withJs.lcpMs / withoutJs.lcpMs).toFixed(2),
    ]),
  );
}

/** Which targets a page misses (100 a11y, best practices, SEO; 95 performance; LCP ratio 1.1). */
function webMisses(results: WebResult[]) {
  return results.flatMap(({ page, withJs, withoutJs }) => {
    const misses: string[] = [];
    if (withJs.performance < 95) misses.push(`performance ${withJs.performance}`);
    if (withJs.accessibility < 100) misses.push(`accessibility ${withJs.accessibility}`);
    if (withJs.bestPractices < 100) misses.push(`best practices ${withJs.bestPractices}`);
    if (withJs.seo < 100) misses.push(`SEO ${withJs.seo}`);
    if (withJs.lcpMs / withoutJs.lcpMs > 1.1) misses.push('LCP ratio above 1.1');
    if (misses.length === 0) return [];
    const why = withJs.failed.length
      ? `; audits short of full marks: ${withJs.failed.join(', ')}`
      : '';
    return [`- \`${page}\`: ${misses.join(', ')}${why}`];
  });
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      port: { type: 'string', default: process.env.BENCH_PORT ?? '3400' },
      page: { type: 'string', multiple: true },
      json: { type: 'string' },
      'lhr-dir': { type: 'string' },
    },
  });
  const chromiumVersion = spawnSync(chromiumPath, ['--version'], {
    encoding: 'utf8',
  }).stdout.trim();
  const { results } = await runWebBench({
    port: Number(args.port),
    runs: Number(args.runs),
    pages: args.page ?? benchPages,
    lhrDir: args['lhr-dir'],
  });
  console.log(`\n## Lighthouse, mobile (median of ${args.runs} runs)\n`);
  printMachine(machine({ chromium: chromiumVersion }));
  console.log(`\n${webTable(results)}\n`);
  const misses = webMisses(results);
  console.log(misses.length ? `Targets missed:\n${misses.join('\n')}` : 'Every target met.');
  if (args.json) {
    mkdirSync(dirname(args.json), { recursive: true });
    writeFileSync(args.json, JSON.stringify(results, null, 2));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
