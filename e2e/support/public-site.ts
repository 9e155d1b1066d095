import { expect, type Page, type Request, type Route } from '@playwright/test';

/**
 * Helpers for the public-site browser tests: waiting for hydration (pages are server-rendered,
 * so a click before React has hydrated would be a plain browser navigation or form post), watching
 * the API calls a page makes, and holding a call back to observe a pending state.
 */

/** Resolves once React has hydrated both the page content and the site's footer. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const hydrated = (el: Element | null) =>
      el !== null && Object.keys(el).some((key) => key.startsWith('__reactProps$'));
    return (
      hydrated(document.querySelector('#main > *')) &&
      hydrated(document.querySelector('footer form'))
    );
  });
}

/** Opens a page and waits until it is interactive. Returns the document's response. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/**
 * The rest of the site's content, asked for once a visit when the visitor points at a link or a
 * tab (ADR 042): no form's or page data's call, so the trackers leave it out.
 */
export const restOfContent = 'GET /api/site-content';

/** Every request to /api/ the page sends from now on, as 'METHOD /path' (the content's aside). */
export function trackApiRequests(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    const call = `${request.method()} ${url.pathname}`;
    if (url.pathname.startsWith('/api/') && call !== restOfContent) calls.push(call);
  });
  return calls;
}

/** Page errors and console errors (a hydration mismatch or a crash shows up here). */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

export interface HeldRequest {
  /** Resolves with the request once the page has sent it. */
  arrived: Promise<Request>;
  /** Lets the request through to the server (or to `answer`). */
  release: () => void;
}

/**
 * Holds requests matching `url` until `release()` is called, then lets them through to the real
 * server, or answers them with `answer` when given.
 */
export async function holdRequests(
  page: Page,
  url: string,
  answer?: (route: Route) => Promise<void>,
): Promise<HeldRequest> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrive!: (request: Request) => void;
  const arrived = new Promise<Request>((resolve) => (arrive = resolve));
  await page.route(url, async (route) => {
    arrive(route.request());
    await released;
    if (answer) await answer(route);
    else await route.continue();
  });
  return { arrived, release };
}

/** Answers requests matching `url` with an error status and the API's JSON error body. */
export async function failRequests(
  page: Page,
  url: string,
  status: number,
  error?: { code: string; message: string },
) {
  await page.route(url, (route) =>
    route.fulfill(
      error
        ? { status, contentType: 'application/json', body: JSON.stringify({ error }) }
        : { status, body: '' },
    ),
  );
}

/** The single toast on screen (spec 4: one at a time). */
export function toast(page: Page) {
  return page.getByTestId('toast');
}

/** Asserts the API saw no call, after giving a stray one a moment to show up. */
export async function expectNoApiCalls(page: Page, calls: string[]) {
  await page.waitForTimeout(300);
  expect(calls, `unexpected API calls: ${calls.join(', ')}`).toEqual([]);
}

/** A unique address per test run, so a reused server's database never interferes. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The phone menu's toggle: the summary of a <details>, so it opens without JavaScript too. */
export function menuToggle(page: Page) {
  return page.locator('nav[aria-label="Main"] summary');
}

/** The page fits the screen: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}
