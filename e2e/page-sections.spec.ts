import { expect, test, type Page } from '@playwright/test';
import siteConfig from '@site-config';
import {
  expectNoApiCalls,
  gotoHydrated,
  holdRequests,
  trackPageErrors,
} from './support/public-site';

/**
 * A page carries only the sections of the site's content it shows (ADR 042); the rest comes
 * once the page has loaded, for a tab that shows more or the next page the browser renders
 * itself. These are the journeys across that seam: a tab before the rest has come, the next
 * page, and the rest or a page's code that cannot be had (offline, or a release in between).
 */

const heroTitle = siteConfig.hero[0]!.title.join(' ');

/** Marks the window: a full reload clears the mark. */
async function markWindow(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload: string }).__noReload = 'still here';
  });
}
const stillSameWindow = (page: Page) =>
  page.evaluate(() => (window as unknown as { __noReload?: string }).__noReload === 'still here');

/** The home page reached from the brand link in the header. */
async function clickHome(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: siteConfig.product }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle);
}

test('the next page gets the sections the first did not carry, without a reload', async ({
  page,
}) => {
  const errors = trackPageErrors(page);
  await gotoHydrated(page, '/contact');
  await markWindow(page);
  await clickHome(page);
  await expect(page.getByRole('heading', { name: siteConfig.welcome.heading })).toBeVisible();
  expect(await stillSameWindow(page)).toBe(true);
  expect(errors).toEqual([]);
});

test('the rest is asked for once a visit when the visitor may go on, never by the home page', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/site-content') asked.push(request.url());
  });
  await gotoHydrated(page, '/');
  await page.getByRole('banner').getByRole('link', { name: 'Donate', exact: true }).hover();
  await expectNoApiCalls(page, asked);
  // A visitor who only reads costs no second answer; the first link pointed at asks.
  await gotoHydrated(page, '/contact');
  await expectNoApiCalls(page, asked);
  await page.getByRole('banner').getByRole('link', { name: 'Donate', exact: true }).hover();
  await expect.poll(() => asked.length).toBe(1);
  await clickHome(page);
  await page.getByRole('banner').getByRole('link', { name: 'Donate', exact: true }).click();
  await expect(page).toHaveURL(/\/donate$/);
  await page.getByRole('tab', { name: 'Monthly' }).click();
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Spark' })).toBeVisible();
  expect(asked).toHaveLength(1);
});

test('the monthly tab opened before the rest has come shows the tiers once it does', async ({
  page,
}) => {
  const held = await holdRequests(page, '**/api/site-content');
  await gotoHydrated(page, '/donate');
  // Pointing at the tab asks for the rest; the click comes before the answer.
  await page.getByRole('tab', { name: 'Monthly' }).click();
  await held.arrived;
  const panel = page.getByRole('tabpanel');
  // The tab waits in place: the page around it stays as it was.
  await expect(panel.getByRole('status')).toHaveText('Loading Monthly…');
  await expect(page.getByRole('tab', { name: 'One-Time' })).toBeVisible();
  held.release();
  for (const tier of siteConfig.tiers) {
    await expect(panel.getByRole('heading', { name: tier.donateName, exact: true })).toBeVisible();
  }
});

test('when the rest cannot be had, the next page comes whole from the server', async ({ page }) => {
  await page.route('**/api/site-content', (route) => route.abort('internetdisconnected'));
  await gotoHydrated(page, '/contact');
  await markWindow(page);
  await clickHome(page);
  await expect(page.getByRole('heading', { name: siteConfig.welcome.heading })).toBeVisible();
  expect(await stillSameWindow(page)).toBe(false);
});

test('a page whose code a release replaced still opens from a click: the server sends it', async ({
  page,
}) => {
  await gotoHydrated(page, '/contact');
  // The release's new build no longer has the chunk the old page knows.
  await page.route(/\/assets\/home-page-[^/]+\.js$/, (route) =>
    route.fulfill({ status: 404, body: '' }),
  );
  await markWindow(page);
  await clickHome(page);
  await expect(page.getByRole('heading', { name: siteConfig.welcome.heading })).toBeVisible();
  expect(await stillSameWindow(page)).toBe(false);
});
