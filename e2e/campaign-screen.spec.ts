import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { freshSlug, publishCampaign } from './support/campaigns';
import { expectNothingMoved, recordMotion } from './support/motion';
import { trackPageErrors } from './support/public-site';

/**
 * The campaign on a projector (/campaign/:slug/screen): it fills a 720p and a 1080p screen with
 * no scrollbar, keeps its figures through a dropped connection and picks up again; and the
 * thermometer framed by another site (/campaign/:slug/embed through /campaign-embed.js), which
 * shows on a site the office lists and is refused on any other.
 */

/** The other sites, answered by the test itself (page.route): https, as the office lists them. */
const SHUL = 'https://shul.test';
const STRANGER = 'https://stranger.test';
/** This site as those sites load it, over https: the test passes each request on to the app. */
const SITE = 'https://campaign.test';

interface Seeded {
  slug: string;
  id: string;
  csrfToken: string;
  body: Record<string, unknown>;
}

async function seedCampaign(request: APIRequestContext, extra: Record<string, unknown> = {}) {
  const { campaign, csrfToken, body } = await publishCampaign(request, {
    slug: freshSlug('hall'),
    title: 'Giving Day in the Hall',
    matchers: [{ name: 'The Klein Family', ratio: 1, cap: 5000 }],
    ...extra,
  });
  return { slug: campaign.slug, id: campaign.id, csrfToken, body } satisfies Seeded;
}

/** Resolves once React has hydrated the page (no site layout around it to wait for). */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactProps$'));
  });
}

async function expectNoScrollbars(page: Page) {
  const size = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    scrollHeight: document.documentElement.scrollHeight,
    clientHeight: document.documentElement.clientHeight,
  }));
  expect(size.scrollWidth).toBeLessThanOrEqual(size.clientWidth);
  expect(size.scrollHeight).toBeLessThanOrEqual(size.clientHeight);
}

const meter = (page: Page) => page.getByRole('meter', { name: 'Raised so far' });

/**
 * The figures, the countdown and the wall's heading each lie inside the screen and inside their
 * own box: on a projector or a phone, nothing is cut off at an edge (the page hides what
 * overflows, so no scrollbar would tell).
 */
async function expectAllInside(page: Page, viewport: { width: number; height: number }) {
  for (const part of [
    page.getByRole('heading', { level: 1 }),
    page.getByText('$0', { exact: true }),
    page.getByText(/^raised of/),
    meter(page),
    page.getByText(/ matched$/),
    page.getByRole('timer'),
    page.getByRole('heading', { name: 'Latest gifts' }),
  ]) {
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    const { scrollWidth, clientWidth } = await part.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  }
}

test.describe('the projector screen', () => {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
    // A phone held upright: a volunteer's, or the office's check before the evening.
    { width: 390, height: 844 },
  ]) {
    test(`fills ${viewport.width}×${viewport.height} with the figures and no scrollbar`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      const errors = trackPageErrors(page);
      const { slug } = await seedCampaign(request);
      const response = await page.goto(`/campaign/${slug}/screen`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Giving Day in the Hall');
      await expect(page).toHaveTitle(/^Giving Day in the Hall: on screen \| /);
      await expect(meter(page)).toHaveAttribute('aria-valuenow', '0');
      await expect(page.getByText('raised of $10,000')).toBeVisible();
      await expect(page.getByText('$0 matched')).toBeVisible();
      await expect(page.getByRole('timer')).toHaveText(/^Ends in 2[23] hours/);
      await expect(page.getByRole('heading', { name: 'Latest gifts' })).toBeVisible();
      // No site header, footer or navigation on a projector.
      await expect(page.locator('header, footer, nav')).toHaveCount(0);
      await expectNoScrollbars(page);
      await expectAllInside(page, viewport);
      await expectNoAxeViolations(page);
      expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    });
  }

  test('keeps its figures through a dropped connection, says so quietly, and picks up again', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    const seeded = await seedCampaign(request);
    await page.goto(`/campaign/${seeded.slug}/screen`);
    await waitForHydration(page);
    await expect(page.getByRole('status')).toHaveText('');

    await context.setOffline(true);
    // The last figures stay; after a while (not at once) it says it is reconnecting.
    await expect(page.getByRole('status')).toHaveText('Reconnecting…', { timeout: 15_000 });
    await expect(meter(page)).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Giving Day in the Hall');

    // The office renames the campaign meanwhile: the screen learns it once back online.
    const edited = await request.put(`/api/admin/campaigns/${seeded.id}`, {
      headers: { 'x-csrf-token': seeded.csrfToken },
      data: { ...seeded.body, title: 'Giving Day in the Great Hall' },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Giving Day in the Great Hall',
      { timeout: 10_000 },
    );
    await expect(page.getByRole('status')).toHaveText('');
  });

  test('says how old its figures are while the server does not answer, and clears when it does', async ({
    page,
    request,
  }) => {
    // The page's clock is the test's: a minute passes at once.
    await page.clock.install();
    await page.setViewportSize({ width: 1280, height: 720 });
    const seeded = await seedCampaign(request);
    // The server as the hall reaches it: its stream never opens; its snapshot answers while up.
    let up = true;
    await page.route(`**/api/campaigns/${seeded.slug}**`, (route) =>
      up && !route.request().url().endsWith('/events') ? route.continue() : route.abort(),
    );
    await page.goto(`/campaign/${seeded.slug}/screen`);
    await waitForHydration(page);
    const status = page.getByRole('status');
    // Polled while the stream fails: the figures are fresh, nothing to say.
    await page.clock.runFor(61_000);
    await expect(status).toHaveText('');

    up = false;
    await page.clock.runFor(61_000);
    await expect(status).toHaveText('Reconnecting… last updated 1 minute ago');
    await expect(meter(page)).toHaveAttribute('aria-valuenow', '0');
    await expectNoAxeViolations(page);

    up = true;
    await page.clock.runFor(15_000);
    await expect(status).toHaveText('');
  });

  test('is read without JavaScript, and nothing moves for those who ask for less motion', async ({
    browser,
    request,
    baseURL,
  }) => {
    const { slug } = await seedCampaign(request);
    const plain = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await plain.newPage();
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/campaign/${slug}/screen`);
    await expect(page.getByText('raised of $10,000')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/^Ends in/);
    await plain.close();

    const calm = await browser.newContext({ reducedMotion: 'reduce', baseURL });
    const still = await calm.newPage();
    await recordMotion(still);
    await still.goto(`/campaign/${slug}/screen`);
    await waitForHydration(still);
    await expectNothingMoved(still);
    await calm.close();
  });
});

/** Another site's page with the thermometer's script, as its webmaster would paste it. */
function siteWithThermometer(slug: string) {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Our shul</title></head>' +
    '<body><main><h1>Our shul</h1>' +
    `<script src="${SITE}/campaign-embed.js" data-campaign="${slug}"></script>` +
    '</main></body></html>'
  );
}

/** Serves both other sites and passes this site's requests (over "https") on to the app. */
async function serveOtherSites(page: Page, slug: string, baseURL: string | undefined) {
  for (const origin of [SHUL, STRANGER]) {
    await page.route(`${origin}/`, (route) =>
      route.fulfill({ contentType: 'text/html', body: siteWithThermometer(slug) }),
    );
  }
  await page.route(`${SITE}/**`, async (route) => {
    const url = new URL(route.request().url());
    // The event stream never ends: a fetch passed on would wait for ever; the page polls instead.
    if (url.pathname.endsWith('/events')) return route.abort();
    const response = await route.fetch({ url: `${baseURL}${url.pathname}${url.search}` });
    return route.fulfill({ response });
  });
}

test.describe('the embedded thermometer', () => {
  test('shows on a site the office lists, sized to its content, with a Give link out', async ({
    page,
    request,
    baseURL,
  }) => {
    const { slug } = await seedCampaign(request, { embedOrigins: [SHUL] });
    await serveOtherSites(page, slug, baseURL);
    await page.goto(`${SHUL}/`);
    const frame = page.frameLocator('iframe[title="Campaign thermometer"]');
    await expect(frame.getByRole('meter', { name: 'Raised so far' })).toBeVisible();
    const give = frame.getByRole('link', { name: /^Give/ });
    await expect(give).toHaveAttribute('target', '_blank');
    await expect(give).toHaveAttribute('href', `${baseURL}/campaign/${slug}`);
    // The frame's height follows the thermometer's (the script's default is 16rem = 256px).
    const iframe = page.locator('iframe[title="Campaign thermometer"]');
    await expect
      .poll(async () => {
        const box = await iframe.boundingBox();
        const inner = await frame.locator('main').boundingBox();
        return box && inner ? Math.abs(box.height - inner.height) : Number.NaN;
      })
      .toBeLessThanOrEqual(1);
  });

  test('is refused on a site the office does not list', async ({ page, request, baseURL }) => {
    const { slug } = await seedCampaign(request, { embedOrigins: [SHUL] });
    const res = await request.get(`/campaign/${slug}/embed`);
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(csp).toContain(`frame-ancestors ${SHUL}`);
    expect(csp).not.toContain(STRANGER);
    expect(res.headers()['set-cookie']).toBeUndefined();

    await serveOtherSites(page, slug, baseURL);
    const refused = page.waitForEvent('console', (m) => m.text().includes('frame-ancestors'));
    await page.goto(`${STRANGER}/`);
    await refused;
    const frame = page.frameLocator('iframe[title="Campaign thermometer"]');
    await expect(frame.getByRole('meter')).toHaveCount(0);
  });

  test('axe finds nothing on the embed page', async ({ page, request }) => {
    const { slug } = await seedCampaign(request, { embedOrigins: [SHUL] });
    await page.goto(`/campaign/${slug}/embed`);
    await waitForHydration(page);
    await expect(page.getByRole('meter', { name: 'Raised so far' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
