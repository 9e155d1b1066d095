import { expect, test } from '@playwright/test';
import { gotoHydrated, trackPageErrors, waitForHydration } from './support/public-site';

/** Spec 2: a catch-all 404 page titled '404 Page Not Found'; the API answers JSON. */

for (const path of ['/no-such-page', '/join/extra', '/videos/123/nothing']) {
  test(`${path} answers 404 and shows the not-found page`, async ({ page }) => {
    const errors = trackPageErrors(page);
    const response = await gotoHydrated(page, path);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('404 Page Not Found | Tziyun');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    // The site's layout is still there, so the visitor can find their way.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    const home = page.getByRole('main').getByRole('link', { name: 'Back to Homepage' });
    await expect(home).toHaveAttribute('href', '/');
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });
}

test('the link home leaves the 404 page', async ({ page }) => {
  await gotoHydrated(page, '/no-such-page');
  await page.getByRole('main').getByRole('link', { name: 'Back to Homepage' }).click();
  await expect(page).toHaveURL(/^[^?#]*:\/\/[^/]+\/$/);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toHaveCount(0);
});

test('from the 404 page the navigation still works client-side', async ({ page }) => {
  await gotoHydrated(page, '/no-such-page');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contact', exact: true })
    .click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Connect to Your Journey' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Contact Us | Tziyun');
});

test('an address differing from a page only by case or a trailing slash redirects to it', async ({
  page,
}) => {
  // Server and browser must agree on which page an address is: the server sends /JOIN and
  // /join/ to /join with a 301, so the browser never renders one page under two addresses.
  for (const address of ['/JOIN', '/join/', '/Contact/']) {
    const response = await page.goto(address);
    await waitForHydration(page);
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()?.url()).toContain(address);
    const expected = address.toLowerCase().replace(/\/$/, '');
    expect(new URL(page.url()).pathname).toBe(expected);
  }
  await expect(
    page.getByRole('heading', { level: 1, name: 'Connect to Your Journey' }),
  ).toBeVisible();
});

test('/api/unknown answers 404 JSON', async ({ request }) => {
  for (const method of ['get', 'post'] as const) {
    const response = await request[method]('/api/unknown', {
      ...(method === 'post' ? { data: {} } : {}),
    });
    expect(response.status(), method).toBe(404);
    expect(response.headers()['content-type'], method).toContain('application/json');
    expect(await response.json(), method).toEqual({
      error: { code: 'not_found', message: 'Not found.' },
    });
  }
});
